import type { ReactNode } from 'react';
import { readAccessToken } from './access-token';
import { IncidentPage } from './components/incident-page';
import { PageHeader } from './components/page-header';
import { PageView } from './components/page-view';
import { PasswordForm } from './components/password-form';
import { SubscriptionLanding } from './components/subscription-landing';
import { useDocumentLocale } from './hooks/use-document-locale';
import { useLivePage } from './hooks/use-live-page';
import { LocaleProvider, localeOf } from './locale';
import type { StatusLocation } from './location';

export interface StatusAppProps {
  location: StatusLocation;
  /** The API base: the configured one by slug, '' (this origin) on a custom domain. */
  base: string;
  /** The address bar's query (`?confirm=…` on the subscription landing). */
  search: string;
}

/**
 * The public status page: loads (and keeps current) the page's answer, then shows the page, one
 * incident, the subscription landing, or the password form, in the page's language.
 */
export function StatusApp({ location, base, search }: StatusAppProps) {
  const { address, basePath, route } = location;
  const live = useLivePage(base, address);
  const page = live.page;
  // Before the answer (and for a locked page) the page's language is not known: English.
  const locale = localeOf(page?.language ?? 'en', page?.time_zone ?? 'UTC');
  useDocumentLocale(page?.title ?? null, locale.language);
  const { texts } = locale;
  const token = readAccessToken(address);

  let body: ReactNode;
  if (route.view === 'subscription') body = <SubscriptionLanding base={base} search={search} />;
  else if (live.state === 'loading') body = <p role="status">{texts.loading}</p>;
  else if (live.state === 'locked') body = <PasswordForm base={base} address={address} onUnlocked={live.unlocked} />;
  else if (live.state === 'not-found' || route.view === 'unknown' || !page)
    body =
      live.state === 'error' ? (
        <div className="sp-card" role="alert">
          <p>{texts.loadFailed}</p>
          <button type="button" className="sp-button" onClick={live.reload}>
            {texts.tryAgain}
          </button>
        </div>
      ) : (
        <p className="sp-card" role="alert">
          {texts.notFound}
        </p>
      );
  else if (route.view === 'incident')
    body = <IncidentPage base={base} token={token} address={address} basePath={basePath} id={route.id} />;
  else
    body = (
      <PageView
        page={page}
        checkedAt={live.checkedAt}
        base={base}
        token={token}
        address={address}
        basePath={basePath}
      />
    );

  return (
    <LocaleProvider locale={locale}>
      <div className="sp-page" lang={locale.language} dir={locale.language === 'fa' ? 'rtl' : 'ltr'}>
        {page ? <PageHeader page={page} /> : null}
        <main className="sp-main">{body}</main>
      </div>
    </LocaleProvider>
  );
}
