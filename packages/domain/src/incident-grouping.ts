import { type Instant, toMs } from './time';

/**
 * Grouping a status page's downtimes into incidents (issue 16). Downtimes are taken in order of
 * their start; one joins the incident being built when it starts while that incident is open or
 * no later than `graceMs` after its last end (touching counts: `from ≤ end + graceMs`), and starts a
 * new incident otherwise. An incident is open while any member is open (its `end` is null) and
 * otherwise ends at its members' latest end. Since downtimes are taken by start, a downtime that
 * does not join the current incident cannot belong to an earlier one either: every earlier one
 * ended before the current one began, more than `graceMs` before this start.
 */

/** One downtime of one of the page's monitors; `to` is null while it goes on. */
export interface PageDowntime {
  monitorId: number;
  from: Instant;
  to: Instant | null;
}

/** A downtime as grouped: instants in epoch ms. */
export interface GroupedDowntime {
  monitorId: number;
  from: number;
  to: number | null;
}

export interface Incident {
  /** The first member's start. */
  start: number;
  /** The latest member end; null while any member is open. */
  end: number | null;
  /** The monitors involved, each once, ascending. */
  monitorIds: number[];
  /** The members in the order grouped (by start, then monitor id, then end, open last). */
  downtimes: GroupedDowntime[];
}

/** How long after an incident's last end a new downtime still joins it, unless the caller says otherwise. */
export const INCIDENT_GRACE_MS = 5 * 60_000;

function checked(downtime: PageDowntime, index: number): GroupedDowntime {
  const from = toMs(downtime.from);
  const to = downtime.to === null ? null : toMs(downtime.to);
  if (!Number.isFinite(from) || (to !== null && !Number.isFinite(to))) {
    throw new RangeError(`downtime ${index}: from and to must be finite instants`);
  }
  if (to !== null && to < from) throw new RangeError(`downtime ${index}: to is before from`);
  return { monitorId: downtime.monitorId, from, to };
}

/** Start, then monitor id, then end (an open one after any closed one): the same answer for any input order. */
function byStart(a: GroupedDowntime, b: GroupedDowntime): number {
  return (
    a.from - b.from ||
    a.monitorId - b.monitorId ||
    (a.to ?? Number.POSITIVE_INFINITY) - (b.to ?? Number.POSITIVE_INFINITY)
  );
}

interface Building {
  start: number;
  /** The latest end so far; +∞ while a member is open. */
  end: number;
  downtimes: GroupedDowntime[];
}

function finish(building: Building): Incident {
  const monitorIds = [...new Set(building.downtimes.map((downtime) => downtime.monitorId))].sort((a, b) => a - b);
  const end = building.end === Number.POSITIVE_INFINITY ? null : building.end;
  return { start: building.start, end, monitorIds, downtimes: building.downtimes };
}

/**
 * The incidents of these downtimes, oldest first. Input order does not matter (they are sorted);
 * `graceMs` must be a finite number ≥ 0. Throws RangeError for a non-finite instant or `to < from`.
 */
export function groupIncidents(downtimes: readonly PageDowntime[], graceMs: number = INCIDENT_GRACE_MS): Incident[] {
  if (!Number.isFinite(graceMs) || graceMs < 0) throw new RangeError('graceMs must be a finite number ≥ 0');
  const sorted = downtimes.map(checked).sort(byStart);
  const incidents: Incident[] = [];
  let building: Building | null = null;
  for (const downtime of sorted) {
    const end = downtime.to ?? Number.POSITIVE_INFINITY;
    if (building && downtime.from <= building.end + graceMs) {
      building.downtimes.push(downtime);
      building.end = Math.max(building.end, end);
      continue;
    }
    if (building) incidents.push(finish(building));
    building = { start: downtime.from, end, downtimes: [downtime] };
  }
  if (building) incidents.push(finish(building));
  return incidents;
}
