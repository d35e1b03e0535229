import type { PublicMaintenance } from '@paydar/contracts/status-page-subscribers';
import { formatPageDateTime, formatPageTime, pageDayOf } from '../format/dates';
import { useLocale } from '../locale';
import { AffectedNames } from './affected-names';

function MaintenanceItem({ window: item }: { window: PublicMaintenance }) {
  const { texts, language, timeZone } = useLocale();
  // Within one day of the page's zone the end is its time alone: 'Nov 29th, 2026 14:30 – 16:30'.
  const sameDay = pageDayOf(item.starts_at, timeZone) === pageDayOf(item.ends_at, timeZone);
  const when = texts.maintenanceWindow(
    formatPageDateTime(item.starts_at, language, timeZone),
    sameDay ? formatPageTime(item.ends_at, language, timeZone) : formatPageDateTime(item.ends_at, language, timeZone),
  );
  return (
    <li className="sp-maintenance-item">
      <strong className="sp-owner">{item.title}</strong>
      <span className="sp-maintenance-when">{when}</span>
      <AffectedNames names={item.affected} />
    </li>
  );
}

/** Maintenance going on now (as a banner) or scheduled ahead, times in the page's zone (named). */
export function MaintenanceNotes({
  windows,
  kind,
}: {
  windows: readonly PublicMaintenance[];
  kind: 'now' | 'scheduled';
}) {
  const { texts, timeZone } = useLocale();
  if (windows.length === 0) return null;
  const title = kind === 'now' ? texts.maintenanceNow : texts.scheduledMaintenance;
  return (
    <section className={`sp-maintenance sp-maintenance-${kind}`} aria-label={title}>
      <h2 className="sp-block-title">{title}</h2>
      <ul>
        {windows.map((item) => (
          <MaintenanceItem key={`${item.starts_at}-${item.title}`} window={item} />
        ))}
      </ul>
      <p className="sp-maintenance-zone">{texts.timesIn(timeZone)}</p>
    </section>
  );
}
