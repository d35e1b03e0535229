import type { PublicIncidentSummary } from '@paydar/contracts/status-page-incidents';
import { formatPageDate } from '../format/dates';
import { groupHistoryByDay } from '../incident-history-days';
import { useLocale } from '../locale';
import { incidentHref } from '../location';

/** The last 90 days of incidents grouped by the page's days; "No incidents" only when there were none. */
export function IncidentHistory({
  history,
  basePath,
}: {
  history: readonly PublicIncidentSummary[];
  basePath: string;
}) {
  const { texts, language, timeZone } = useLocale();
  const days = groupHistoryByDay(history, timeZone);
  return (
    <section className="sp-history" aria-label={texts.incidentHistory}>
      <h2 className="sp-block-title">{texts.incidentHistory}</h2>
      {days.length === 0 ? <p className="sp-muted">{texts.noIncidents}</p> : null}
      {days.map((day) => (
        <div key={day.date} className="sp-history-day">
          <h3 className="sp-history-date">{formatPageDate(day.date, language)}</h3>
          <ul>
            {day.incidents.map((incident) => (
              <li key={incident.id} className="sp-history-item">
                <a href={incidentHref(basePath, incident.id)} className="sp-owner">
                  {incident.title}
                </a>
                <span className={`sp-state sp-state-${incident.state}`}>{texts.incidentState[incident.state]}</span>
                {incident.has_postmortem ? <span className="sp-muted">{texts.postmortemAvailable}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
