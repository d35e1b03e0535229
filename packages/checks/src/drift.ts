/** Percentiles of start drift (ms) over the most recent runs. */
export interface DriftSummary {
  samples: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

/** Keeps the last `capacity` drift samples in a ring, so memory stays flat however long it runs. */
export class DriftRecorder {
  private readonly ring: Float64Array;
  private count = 0;

  constructor(private readonly capacity = 20_000) {
    this.ring = new Float64Array(capacity);
  }

  record(ms: number): void {
    this.ring[this.count % this.capacity] = ms;
    this.count++;
  }

  reset(): void {
    this.count = 0;
  }

  summary(): DriftSummary {
    const n = Math.min(this.count, this.capacity);
    if (n === 0) return { samples: 0, p50: null, p99: null, max: null };
    const sorted = this.ring.slice(0, n).sort();
    const at = (q: number) => sorted[Math.min(n - 1, Math.ceil(q * n) - 1)] ?? null;
    return { samples: n, p50: at(0.5), p99: at(0.99), max: sorted[n - 1] ?? null };
  }
}
