import type { PublicIncident } from '@paydar/contracts/status-page-incidents';
import { useEffect, useState } from 'react';
import { getIncident } from '../api/get-incident';
import { StatusApiError } from '../api/http';
import { formatPageDateTime } from '../format/dates';
import { useLocale } from '../locale';
import { type PageAddress, pageHref } from '../location';
import { IncidentUpdates } from './incident-updates';

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed' }
  | { state: 'ready'; incident: PublicIncident };

/** An incident's own page: title, state, affected, every update, the post-mortem when there is one. */
export function IncidentPage({
  base,
  token,
  address,
  basePath,
  id,
}: {
  base: string;
  token: string | null;
  address: PageAddress;
  basePath: string;
  id: number;
}) {
  const { texts, language, timeZone } = useLocale();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const addressKey = address.kind === 'slug' ? address.slug : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is compared by its key.
  useEffect(() => {
    let current = true;
    getIncident({ base, token }, address, id).then(
      (incident) => current && setLoaded({ state: 'ready', incident }),
      (error) =>
        current && setLoaded({ state: error instanceof StatusApiError && error.status === 404 ? 'missing' : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [base, token, addressKey, id]);

  const back = (
    <a className="sp-back" href={pageHref(basePath)}>
      {texts.backToPage}
    </a>
  );
  if (loaded.state !== 'ready') {
    const text = { loading: texts.loading, missing: texts.incidentNotFound, failed: texts.loadFailed }[loaded.state];
    return (
      <div className="sp-card">
        <p role={loaded.state === 'loading' ? 'status' : 'alert'}>{text}</p>
        {back}
      </div>
    );
  }
  const { incident } = loaded;
  const at = (instant: string) => formatPageDateTime(instant, language, timeZone);
  return (
    <article className="sp-card sp-incident-page">
      {back}
      <h2 className="sp-incident-title sp-owner">{incident.title}</h2>
      <p className="sp-incident-meta">
        <span className={`sp-state sp-state-${incident.state}`}>{texts.incidentState[incident.state]}</span>
        <span>{texts.started(at(incident.started_at))}</span>
        {incident.resolved_at ? <span>{texts.resolved(at(incident.resolved_at))}</span> : null}
      </p>
      {incident.affected.length ? (
        <p className="sp-muted">{texts.affected(incident.affected.join(texts.listSeparator))}</p>
      ) : null}
      <IncidentUpdates updates={incident.updates} />
      {incident.postmortem_html ? (
        <section className="sp-postmortem">
          <h3>{texts.postmortem}</h3>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server (postmortem_html). */}
          <div className="sp-markdown" dangerouslySetInnerHTML={{ __html: incident.postmortem_html }} />
        </section>
      ) : null}
    </article>
  );
}
