import type { PublicIncident } from '@paydar/contracts/status-page-incidents';
import { formatPageDateTime } from '../format/dates';
import { useLocale } from '../locale';

/**
 * An incident's updates, newest first. `body_html` is the server's sanitized rendering of the
 * owner's Markdown: the one kind of field this page inserts as HTML.
 */
export function IncidentUpdates({ updates }: { updates: PublicIncident['updates'] }) {
  const { texts, language, timeZone } = useLocale();
  return (
    <ol className="sp-updates">
      {updates.map((update) => (
        <li key={`${update.created_at}-${update.state}`} className="sp-update">
          <p className="sp-update-head">
            <strong className={`sp-state sp-state-${update.state}`}>{texts.incidentState[update.state]}</strong>
            <time dateTime={update.created_at}>{formatPageDateTime(update.created_at, language, timeZone)}</time>
          </p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server (body_html). */}
          <div className="sp-markdown" dangerouslySetInnerHTML={{ __html: update.body_html }} />
        </li>
      ))}
    </ol>
  );
}
