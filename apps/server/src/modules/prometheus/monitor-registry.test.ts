import { describe, expect, it } from 'vitest';
import { parseScrape } from '../../../test/prometheus-scrape';
import { labelValue, MAX_LABEL_LENGTH, type MonitorFigures, monitorRegistry } from './monitor-registry';

const monitor = (fields: Partial<MonitorFigures> = {}): MonitorFigures => ({
  id: 7,
  name: 'HTTP:shop',
  protocol: 'HTTP',
  state: 'up',
  uptimePercent24h: 99.5,
  lastCheckAt: new Date('2026-01-02T03:04:05Z'),
  certificateDaysLeft: null,
  probers: [],
  ...fields,
});

describe('labelValue', () => {
  it.each([
    ['plain', 'plain'],
    ['nul\u0000byte', 'nul\ufffdbyte'],
    ['bell\u0007 escape\u001b del\u007f', 'bell\ufffd escape\ufffd del\ufffd'],
    ['line\nbreak\ttab "quote" \\', 'line\nbreak\ttab "quote" \\'],
  ])('%j → %j', (input, expected) => expect(labelValue(input)).toBe(expected));

  it('cuts at MAX_LABEL_LENGTH whole code points', () => {
    const long = '😀'.repeat(MAX_LABEL_LENGTH + 5);
    expect(Array.from(labelValue(long))).toHaveLength(MAX_LABEL_LENGTH);
    expect(labelValue(long).endsWith('😀')).toBe(true);
  });
});

describe('monitorRegistry', () => {
  it('writes hostile names so a real parser reads them back exactly (NUL made visible)', async () => {
    const hostile = 'a"b\\c\nd\u0000e} x{y="z"} 1\n# TYPE evil gauge';
    const text = await monitorRegistry([monitor({ name: hostile })]).metrics();
    const parsed = parseScrape(text);
    expect(parsed.samples('paydar_monitor_up').map((sample) => sample.labels?.name)).toEqual([
      'a"b\\c\nd\ufffde} x{y="z"} 1\n# TYPE evil gauge',
    ]);
    expect(parsed.families.map((family) => family.name)).not.toContain('evil');
    expect(text).not.toContain('\u0000');
  });

  it('gives up only to judged monitors and one state series per state', async () => {
    const monitors = (['up', 'confirming', 'down', 'paused', 'maintenance', 'pending'] as const).map((state, index) =>
      monitor({ id: index + 1, state, uptimePercent24h: state === 'pending' ? null : 50 }),
    );
    const parsed = parseScrape(await monitorRegistry(monitors).metrics());
    const up = Object.fromEntries(parsed.samples('paydar_monitor_up').map((s) => [s.labels?.monitor_id, s.value]));
    expect(up).toEqual({ 1: '1', 2: '1', 3: '0' });
    expect(parsed.samples('paydar_monitor_state')).toHaveLength(36);
    expect(parsed.value('paydar_monitor_state', { monitor_id: '5', state: 'maintenance' })).toBe(1);
    expect(parsed.value('paydar_monitor_uptime_24h_ratio', { monitor_id: '1' })).toBe(0.5);
    expect(parsed.samples('paydar_monitor_uptime_24h_ratio', { monitor_id: '6' })).toEqual([]);
    expect(parsed.value('paydar_monitor_last_check_timestamp_seconds', { monitor_id: '1' })).toBe(1767323045);
  });
});
