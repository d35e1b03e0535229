import parsePrometheusTextFormat, { type ParsedFamily, type ParsedSample } from 'parse-prometheus-text-format';

/**
 * A scrape read back by a real parser of the text format (parse-prometheus-text-format, a port of
 * the Python client's parser): what Prometheus would see, not what our own code wrote.
 */
export interface Scrape {
  families: ParsedFamily[];
  /** The samples of a metric whose labels include all of `labels`. */
  samples(name: string, labels?: Record<string, string>): ParsedSample[];
  /** The one sample's value as a number; throws unless exactly one matches. */
  value(name: string, labels?: Record<string, string>): number;
}

export function parseScrape(text: string): Scrape {
  const families = parsePrometheusTextFormat(text);
  const samples = (name: string, labels: Record<string, string> = {}) =>
    (families.find((family) => family.name === name)?.metrics ?? []).filter((sample) =>
      Object.entries(labels).every(([key, expected]) => sample.labels?.[key] === expected),
    );
  return {
    families,
    samples,
    value(name, labels) {
      const found = samples(name, labels);
      if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
      return Number(found[0]?.value);
    },
  };
}
