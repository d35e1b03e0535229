import type { PublicIncident } from '@paydar/contracts/status-page-incidents';
import { useLocale } from '../locale';
import { incidentHref } from '../location';
import { AffectedNames } from './affected-names';
import { IncidentUpdates } from './incident-updates';

/** How many of an incident's updates the page shows; its own page has them all. */
const LATEST_UPDATES = 3;

/** The incidents not resolved, on top of the page: title, state, affected, the latest updates. */
export function ActiveIncidents({ incidents, basePath }: { incidents: readonly PublicIncident[]; basePath: string }) {
  const { texts } = useLocale();
  if (incidents.length === 0) return null;
  return (
    <section className="sp-incidents" aria-label={texts.activeIncidents}>
      <h2 className="sp-block-title">{texts.activeIncidents}</h2>
      {incidents.map((incident) => (
        <article key={incident.id} className={`sp-incident sp-incident-${incident.state}`}>
          <h3>
            <a href={incidentHref(basePath, incident.id)} className="sp-owner">
              {incident.title}
            </a>
          </h3>
          <p className="sp-incident-meta">
            <span className={`sp-state sp-state-${incident.state}`}>{texts.incidentState[incident.state]}</span>
            <AffectedNames names={incident.affected} />
          </p>
          <IncidentUpdates updates={incident.updates.slice(0, LATEST_UPDATES)} />
        </article>
      ))}
    </section>
  );
}
