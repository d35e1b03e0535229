import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Metric, PublicMonitor } from '@paydar/contracts/metrics';
import { monitorTarget } from '@paydar/domain/display-name';
import { minimumCalendarDay } from '@paydar/domain/history';
import { readerDays } from '@paydar/domain/local-day';
import { HOUR_MS } from '@paydar/domain/time';
import { type ReactNode, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { getRuntimeConfig } from '@/config/runtime-config';
import { useReadOnlyReason } from '@/lib/read-only';
import { useTimeSettings } from '@/lib/time-settings';
import type { MetricDay } from '../../api/get-metric';
import { useMetricTrends } from '../../api/get-metric-trends';
import { useMonitorDetailData } from '../../hooks/use-monitor-detail-data';
import { useMonitorDetailPlan } from '../../hooks/use-monitor-detail-plan';
import { useMonitorDetailRefresh } from '../../hooks/use-monitor-detail-refresh';
import { useMonitorDetailToggle } from '../../hooks/use-monitor-detail-toggle';
import { ApdexDrawer } from '../drawers/apdex-drawer';
import { ContactUsDrawer } from '../drawers/contact-us-drawer';
import { shownDay } from '../metric-timeline';
import { dayFacts, emptyReason, successfulChecks } from '../sections/chart-empty-reason';
import { hourlySpans, metricSpans } from '../sections/chart-spans';
import { HeatMapCalendar } from '../sections/heat-map-calendar';
import { HourlyApdexChart } from '../sections/hourly-apdex-chart';
import { PercentileChart } from '../sections/percentile-chart';
import { PhaseTimingsChart } from '../sections/phase-timings-chart';
import { ProberTimingsChart } from '../sections/prober-timings-chart';
import { ResponseTimeSection } from '../sections/response-time-section';
import { UptimeWindows } from '../sections/uptime-windows';
import { ShareModal } from '../share-modal';
import { CertificateCard } from './certificate-card';
import { CommandModal } from './command-modal';
import { DateModal } from './date-modal';
import { chooseDay, type DayChoice } from './day-choice';
import { DetailHeader, type DetailPopup } from './detail-header';
import { DetailSummary } from './detail-summary';
import { showHistoryWarning } from './history-warning';
import { MaintenanceNotice } from './maintenance-notice';
import { UptimeSection } from './uptime-section';

export type MonitorDetailProps = {
  /** The owner's monitor, or a shared one (without alert channels, groups, headers and body). */
  monitor: PublicMonitor;
  /** Set on shared views: no refresh, no share, history within the owner's plan only (spec §6). */
  shared?: { prefix: string; token: string };
  /** On narrow screens, the way back to the list. */
  onBack?: () => void;
  /** Shown under the header: the owner's heartbeat panel. */
  aside?: ReactNode;
};

/** Spec §4: a monitor with no figures yet is asked again, once, after this long. */
export const NO_DATA_REFRESH_DELAY_MS = 5_000;

/** What a heartbeat shows before its first ping: it waits for the job, it checks nothing itself. */
export const HEARTBEAT_NO_DATA_TEXT = 'Waiting for the first ping. Call the ping URL from your job to start.';

/** The text a monitor without data shows (spec §2). */
export function noDataText(productName: string, target: string): string {
  return `${productName} is monitoring ${target}. It may take a few minutes, thank you for your patience.`;
}

/**
 * The monitor detail panel (spec §2 "Monitor detail"). Everything it holds — the day, the open popup
 * or drawer, the raw-chart toggle inside the sections — starts afresh when the monitor changes.
 */
export function MonitorDetail(props: MonitorDetailProps) {
  const key = props.shared ? `shared:${props.shared.token}` : `own:${props.monitor.id}`;
  return <MonitorDetailPanel key={key} {...props} />;
}

function MonitorDetailPanel({ monitor, shared, onBack, aside }: MonitorDetailProps) {
  const [day, setDay] = useState<MetricDay>('today');
  const [popup, setPopup] = useState<DetailPopup | null>(null);
  const [drawer, setDrawer] = useState<'apdex' | 'contact' | null>(null);
  const { metric, isPending, error } = useMonitorDetailData(monitor, shared, day);
  const plan = useMonitorDetailPlan(!shared);
  const refresh = useMonitorDetailRefresh(monitor.id);
  const toggle = useMonitorDetailToggle(monitor);
  const { timeZone } = useTimeSettings();
  // Dates of the reader's calendar (issue 15), each named by its 00:00 UTC.
  const minDay = minimumCalendarDay(Date.parse(monitor.creation_time), timeZone);
  const today = readerDays(timeZone).dateOf(Date.now());
  const readOnly = useReadOnlyReason();

  useRefreshWithoutData(!shared && day === 'today' ? metric : undefined, refresh.mutate);

  /** Spec §4 "Refresh": today is refreshed in place; from a past day the button goes back to today. */
  function onRefresh() {
    if (day !== 'today') setDay('today');
    refresh.mutate();
  }

  /** Loads a picked day unless the plan's history does not reach it (shared views: the server decides). */
  function pickDay(dayStart: number): DayChoice['kind'] {
    const choice = chooseDay(dayStart, {
      now: Date.now(),
      creationTime: monitor.creation_time,
      // null: no active plan, which shows today only; undefined: not known yet, so the server decides.
      historyDays: shared || plan.data === undefined ? null : (plan.data?.historyDays ?? 0),
      timeZone,
    });
    if (choice.kind === 'load') setDay(choice.day);
    return choice.kind;
  }
  const planName = plan.data?.name ?? null;

  return (
    <Stack gap="md">
      <DetailHeader
        monitor={monitor}
        metric={metric}
        day={day}
        shared={shared !== undefined}
        enabled={toggle.enabled}
        toggle={shared ? null : { busy: toggle.busy, onToggle: () => void toggle.toggle() }}
        readOnly={readOnly}
        refreshing={refresh.isPending}
        onRefresh={onRefresh}
        onOpen={setPopup}
        onBack={onBack}
        slow={monitor.slow}
      />
      {aside}
      {day === 'today' && <MaintenanceNotice monitorId={monitor.id} metric={metric} own={!shared} />}
      {monitor.certificate && (
        <CertificateCard
          certificate={monitor.certificate}
          thresholds={'certificate_expiry_days' in monitor ? (monitor.certificate_expiry_days as number[]) : undefined}
        />
      )}
      {isPending ? (
        <DetailSkeleton />
      ) : !metric ? (
        <Alert color="gray" variant="light" title="The figures could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error?.message ?? 'Something went wrong!'}</Text>
            {day !== 'today' && (
              <Button size="xs" variant="default" onClick={() => setDay('today')}>
                Back to today
              </Button>
            )}
          </Stack>
        </Alert>
      ) : !metric.first_check_at ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {monitor.protocol_type === 'HEARTBEAT'
              ? HEARTBEAT_NO_DATA_TEXT
              : noDataText(getRuntimeConfig().productName, monitorTarget(monitor))}
          </Text>
        </Paper>
      ) : (
        <DetailSections
          monitor={monitor}
          metric={metric}
          day={day}
          shared={shared}
          enabled={toggle.enabled}
          minDay={minDay}
          onExplainApdex={() => setDrawer('apdex')}
          onPickDay={(dayStart) => {
            if (pickDay(dayStart) === 'beyond-history') showHistoryWarning(planName);
          }}
        />
      )}
      <Group justify="center" gap={6}>
        <Text size="sm" c="dimmed">
          Need help?
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => setDrawer('contact')}>
          Contact us
        </Anchor>
      </Group>

      <DateModal
        opened={popup === 'date'}
        onClose={() => setPopup(null)}
        shownDay={day === 'today' ? today : day}
        minDay={minDay}
        maxDay={today}
        timeZone={timeZone}
        onSetDay={(dayStart) => pickDay(dayStart) !== 'beyond-history'}
        planName={planName}
      />
      <CommandModal opened={popup === 'command'} onClose={() => setPopup(null)} command={monitor.terminal_command} />
      {!shared && (
        <ShareModal
          opened={popup === 'share'}
          onClose={() => setPopup(null)}
          token={monitor.token}
          certificate={Boolean(monitor.certificate)}
        />
      )}
      <ApdexDrawer opened={drawer === 'apdex'} onClose={() => setDrawer(null)} apdexSeconds={monitor.apdex} />
      <ContactUsDrawer opened={drawer === 'contact'} onClose={() => setDrawer(null)} />
    </Stack>
  );
}

/** Spec §4: when today's figures show no check yet, they are asked for again without cache, once. */
function useRefreshWithoutData(todayMetric: Metric | undefined, refresh: () => void) {
  const done = useRef(false);
  const waiting = todayMetric !== undefined && todayMetric.first_check_at === null;
  const refreshOnce = useEffectEvent(() => {
    done.current = true;
    refresh();
  });
  useEffect(() => {
    if (!waiting || done.current) return;
    const timer = setTimeout(refreshOnce, NO_DATA_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
}

type DetailSectionsProps = {
  monitor: PublicMonitor;
  metric: Metric;
  day: MetricDay;
  /** The shared link on shared views: the public calls, no raw chart. */
  shared: MonitorDetailProps['shared'];
  /** The monitor is switched on (a paused one's empty charts say so). */
  enabled: boolean;
  minDay: number;
  onExplainApdex: () => void;
  onPickDay: (dayStart: number) => void;
};

/**
 * Where the hourly apdex ends: 24 hours from where the server says they begin — the chosen day's
 * midnight (Tehran's too: the server counts the reader's local hours), or live, 23 hours before the last check's.
 */
function hourlyEnd(metric: Metric): number {
  const hourly = metric.last_day_hourly_metrics;
  return Date.parse(hourly.from_time) + hourly.apdex_percents.length * HOUR_MS;
}

/**
 * The sections in the spec's order; each chart section brings its own titled card. An empty chart
 * says why (chart-empty-reason); paused and maintenance time is shaded or told under each chart.
 * The 7/30/90-day uptime and the p50/p95 chart come from the trends call (the public one on shared views).
 */
function DetailSections(props: DetailSectionsProps) {
  const { monitor, metric, day, shared, enabled, minDay, onExplainApdex, onPickDay } = props;
  const trends = useMetricTrends(monitor.id, day, shared);
  const spans = useMemo(() => metricSpans(metric), [metric]);
  const hourSpans = useMemo(() => hourlySpans(metric), [metric]);
  const timeSettings = useTimeSettings();
  // The reader's local day, today or past (a shared view's visitor's too: the browser's zone).
  const shown = shownDay(day, metric.fetch_time, timeSettings.timeZone);
  const dayRange = { from: shown.start, to: shown.end };
  const facts = dayFacts(metric, { today: day === 'today', enabled });
  const successes = successfulChecks(metric);
  const apdexHours = metric.last_day_hourly_metrics.apdex_percents.filter((value) => value !== null).length;
  return (
    <>
      <DetailSummary metric={metric} onExplainApdex={onExplainApdex} />
      <UptimeWindows trends={trends.data} loading={trends.isPending} />
      <UptimeSection metric={metric} day={day} />
      <HourlyApdexChart
        apdexPercents={metric.last_day_hourly_metrics.apdex_percents}
        endsAt={hourlyEnd(metric)}
        pastDay={day !== 'today'}
        now={Date.parse(metric.fetch_time)}
        spans={hourSpans}
        emptyReason={emptyReason({ ...facts, shown: apdexHours })}
      />
      <ResponseTimeSection
        byResponseTime={metric.by_response_time}
        apdexSeconds={monitor.apdex}
        raw={shared ? undefined : { monitorId: monitor.id, lastCheckAt: metric.last_check_at }}
        emptyReason={emptyReason({ ...facts, shown: successes })}
        spans={spans}
        day={dayRange}
      />
      <PercentileChart
        trends={trends.data}
        loading={trends.isPending}
        daySpans={spans}
        emptyReason={emptyReason({ ...facts, shown: successes })}
      />
      <ProberTimingsChart
        probers={metric.probers}
        emptyReason={emptyReason({ ...facts, shown: metric.probers.length })}
      />
      <PhaseTimingsChart
        probers={metric.probers}
        emptyReason={emptyReason({ ...facts, shown: successes })}
        spans={spans}
        day={dayRange}
      />
      <HeatMapCalendar
        monthlyMetrics={metric.monthly_metrics}
        now={Date.parse(metric.fetch_time)}
        minDay={minDay}
        onPickDay={onPickDay}
      />
    </>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading the figures">
      {[120, 200, 220].map((height) => (
        <Paper key={height} withBorder radius="md" p="md">
          <Skeleton h={16} w={140} mb="md" />
          <Skeleton h={height} />
        </Paper>
      ))}
    </Stack>
  );
}
