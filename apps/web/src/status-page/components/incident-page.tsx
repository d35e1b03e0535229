import { getIncident } from '../api/get-incident';
import { formatPageDateTime } from '../format/dates';
import { usePolledAnswer } from '../hooks/use-polled-answer';
import { useLocale } from '../locale';
import { type PageAddress, pageHref } from '../location';
import { AffectedNames } from './affected-names';
import { IncidentUpdates } from './incident-updates';

/** An incident's own page: title, state, affected, every update, the post-mortem when there is one. Kept current as the page is. */
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
  const addressKey = address.kind === 'slug' ? `slug:${address.slug}` : 'host';
  const loaded = usePolledAnswer(`${base}|${addressKey}|${id}|${token ?? ''}`, (etag) =>
    getIncident({ base, token }, address, id, etag),
  );

  const back = (
    <a className="sp-back" href={pageHref(basePath)}>
      {texts.backToPage}
    </a>
  );
  const incident = loaded.value;
  if (loaded.state !== 'ready' || !incident) {
    const text =
      loaded.state === 'loading' ? texts.loading : loaded.failure === 404 ? texts.incidentNotFound : texts.loadFailed;
    return (
      <div className="sp-card">
        <p role={loaded.state === 'loading' ? 'status' : 'alert'}>{text}</p>
        {back}
      </div>
    );
  }
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
        <p className="sp-muted">
          <AffectedNames names={incident.affected} />
        </p>
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
