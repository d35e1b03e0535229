import type { StatusPageDay } from '@paydar/contracts/status-pages';
import { formatCount } from '../format/numbers';
import { useLocale } from '../locale';

const WIDTH = 300;
const HEIGHT = 40;

/** The SVG path of the daily averages: a line through the days that have one, broken where one has none. */
export function responsePath(values: readonly (number | null)[], width = WIDTH, height = HEIGHT): string {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return '';
  const max = Math.max(...known, 1);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    const x = (index * step).toFixed(1);
    const y = (height - 2 - (value / max) * (height - 4)).toFixed(1);
    path += `${drawing ? 'L' : 'M'}${x} ${y}`;
    drawing = true;
  });
  return path;
}

/** A small line of the daily average response times (inline SVG, no chart library), and their mean. */
export function ResponseChart({ days }: { days: readonly StatusPageDay[] }) {
  const { texts, language } = useLocale();
  const values = days.map((day) => day.average_response_time ?? null);
  const known = values.filter((value): value is number => value !== null);
  const mean = known.length ? known.reduce((sum, value) => sum + value, 0) / known.length : null;
  const summary =
    mean === null
      ? texts.responseTimeNoData
      : texts.responseTimeAverage(texts.milliseconds(formatCount(mean, language)));
  return (
    <figure className="sp-response">
      <figcaption className="sp-response-caption">
        <span>{texts.responseTimes}</span>
        <span className="sp-response-mean">{summary}</span>
      </figcaption>
      {mean === null ? null : (
        <svg
          className="sp-response-chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${texts.responseTimes}: ${summary}`}
        >
          <path d={responsePath(values)} fill="none" vectorEffect="non-scaling-stroke" />
        </svg>
      )}
    </figure>
  );
}
