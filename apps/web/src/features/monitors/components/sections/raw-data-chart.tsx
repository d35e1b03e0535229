import { Skeleton } from '@mantine/core';
import { useMemo } from 'react';
import { Chart } from '@/components/chart/chart';
import { useProbers } from '../../api/get-probers';
import { useRawRange } from '../../api/get-raw-metrics';
import { EmptySection } from './empty-section';
import { rawChartOption, rawChartRange, rawSeries } from './response-time-data';

const HEIGHT = 280;

type RawDataChartProps = { monitorId: number; lastCheckAt: string | null };

/**
 * Probe durations of the 24 hours up to the last check, per prober, failures marked. Fetched as four
 * 6-hour calls; a new last check is a new range, so the data reloads with it.
 */
export function RawDataChart({ monitorId, lastCheckAt }: RawDataChartProps) {
  const range = useMemo(() => rawChartRange(lastCheckAt), [lastCheckAt]);
  const raw = useRawRange(monitorId, range?.from ?? 0, range?.to ?? 0, range !== null);
  const probers = useProbers();
  const option = useMemo(() => {
    if (!raw.data || !range) return null;
    const names = new Map((probers.data ?? []).map((prober) => [prober.id, prober.name]));
    return rawChartOption(rawSeries(raw.data, names), range);
  }, [raw.data, probers.data, range]);

  if (!range) return <EmptySection text="No checks yet: the raw data chart appears after the first check." />;
  if (raw.isError) return <EmptySection text="The raw data could not be loaded." />;
  if (!option) return <Skeleton height={HEIGHT} radius="sm" data-testid="raw-data-loading" />;
  if (!raw.data?.length) return <EmptySection text="No raw data in the 24 hours up to the last check." />;
  return (
    <Chart
      option={option}
      height={HEIGHT}
      ariaLabel="Probe durations per prober over the last 24 hours"
      testId="chart-raw-data"
    />
  );
}
