import { STATUS_PAGE_DAYS } from '@paydar/contracts/status-pages';
import type { VisitorPage } from '../api/page-schema';
import { uptimeOverDays, visibleDays } from '../day-bars-data';
import { formatCount, formatPercent } from '../format/numbers';
import { useLocale } from '../locale';
import { DayBars } from './day-bars';
import { ResponseChart } from './response-chart';

type PageMonitor = VisitorPage['sections'][number]['monitors'][number];

/** A monitor under its public name: target when allowed, status, daily bars, uptime, response times. */
export function MonitorRow({
  monitor,
  narrow,
  showResponseTimes,
}: {
  monitor: PageMonitor;
  narrow: boolean;
  showResponseTimes: boolean;
}) {
  const { texts, language } = useLocale();
  const days = visibleDays(monitor.days, narrow);
  const uptime = uptimeOverDays(monitor.days);
  const total = formatCount(monitor.days.length || STATUS_PAGE_DAYS, language);
  return (
    <li className="sp-monitor">
      <div className="sp-monitor-head">
        <div className="sp-monitor-name">
          <h3 className="sp-owner">{monitor.public_name}</h3>
          {monitor.target ? (
            <span className="sp-target" dir="ltr">
              {monitor.target}
            </span>
          ) : null}
        </div>
        <span className={`sp-status sp-status-${monitor.status.replace(' ', '-')}`}>
          {texts.monitorStatus[monitor.status]}
        </span>
      </div>
      <DayBars days={days} name={monitor.public_name} />
      <div className="sp-bars-legend">
        <span>{texts.daysAgo(formatCount(days.length, language))}</span>
        <span className="sp-uptime">
          {uptime === null ? texts.dayNoData : texts.uptimeOverDays(formatPercent(uptime, language), total)}
        </span>
        <span>{texts.today}</span>
      </div>
      {showResponseTimes ? <ResponseChart days={days} /> : null}
    </li>
  );
}
