import { groupIncidents, type PageDowntime } from '@paydar/domain/incident-grouping';
import { renderMarkdownUncached } from '../apps/server/src/modules/status-page-incidents/incident-markdown';
import { type Figure, percentile } from './support/figures';

const ROUNDS = 21;
/** The bounds the tests asserted before issue 26 moved these timings here. */
const MARKDOWN_BOUND_MS = 1_000;
const GROUPING_BOUND_MS = 200;

/** Median and max of `rounds` timed calls of `run`, after one untimed (the JIT's first pass). */
function timed(run: () => void, rounds = ROUNDS): { median: number; max: number } {
  run();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return { median: percentile(samples, 50), max: Math.max(...samples) };
}

/**
 * `pure-functions`: CPU-bound code the tests once timed (issue 26: timed assertions failed on a busy
 * machine). An incident update body of 10,000 characters (the longest taken) rendered from Markdown
 * to sanitized HTML without the cache; 10,000 downtimes of 20 monitors grouped into 100 incidents
 * (a status page's 90 days at their worst). Throws unless the outputs are whole.
 */
export async function pureFunctionsBenchmark(): Promise<Figure[]> {
  const body = `${'**a** [l](https://x.test) <i>b</i> '.repeat(400)}`.slice(0, 10_000);
  let html = '';
  const markdown = timed(() => {
    html = renderMarkdownUncached(body);
  });
  if (html.length <= 10_000) throw new Error(`the rendered body has ${html.length} characters, not more than 10,000`);

  const minute = 60_000;
  const downtimes: PageDowntime[] = [];
  for (let burst = 0; burst < 100; burst += 1) {
    for (let i = 0; i < 100; i += 1) {
      const from = (burst * 120 + i * 0.1) * minute;
      downtimes.push({ monitorId: i % 20, from, to: from + 3 * minute });
    }
  }
  let incidents = 0;
  const grouping = timed(() => {
    incidents = groupIncidents(downtimes).length;
  });
  if (incidents !== 100) throw new Error(`10,000 downtimes grouped into ${incidents} incidents, not 100`);

  return [
    {
      name: 'incident markdown 10,000 chars',
      value: Number(markdown.median.toFixed(2)),
      unit: 'ms',
      target: `≤ ${MARKDOWN_BOUND_MS} ms`,
      met: markdown.median <= MARKDOWN_BOUND_MS,
      note: `median of ${ROUNDS}, max ${markdown.max.toFixed(1)} ms`,
    },
    {
      name: 'incident grouping 10,000 downtimes',
      value: Number(grouping.median.toFixed(2)),
      unit: 'ms',
      target: `≤ ${GROUPING_BOUND_MS} ms`,
      met: grouping.median <= GROUPING_BOUND_MS,
      note: `median of ${ROUNDS}, max ${grouping.max.toFixed(1)} ms`,
    },
  ];
}
