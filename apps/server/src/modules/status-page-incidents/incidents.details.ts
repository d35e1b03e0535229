import type { Database } from '../../db/client';
import { detailsOf, type IncidentDetails } from './incidents.presenter';
import { type IncidentRow, incidentMonitorsOf, updatesOf } from './incidents.repository';

/** Reads the monitors and updates of these incidents in two queries, whatever their number. */
export async function readDetails(db: Database, rows: IncidentRow[], withUpdates = true): Promise<IncidentDetails[]> {
  const ids = rows.map((row) => row.id);
  const [monitors, updates] = await Promise.all([
    incidentMonitorsOf(db, ids),
    withUpdates ? updatesOf(db, ids) : Promise.resolve([]),
  ]);
  return detailsOf(rows, monitors, updates);
}
