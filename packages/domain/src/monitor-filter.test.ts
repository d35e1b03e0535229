import { describe, expect, it } from 'vitest';
import {
  type FilterableMonitor,
  filterMonitors,
  groupOptions,
  hasMonitorGroups,
  matchesGroups,
  matchesText,
} from './monitor-filter';

const shop: FilterableMonitor = {
  protocol_type: 'HTTP',
  url: 'https://shop.example.com/health',
  host: null,
  alias: 'Shop',
  name: 'Shop',
  labels: ['prod', 'web'],
};
const db: FilterableMonitor = {
  protocol_type: 'TCP',
  url: null,
  host: 'db.internal:5432',
  alias: null,
  name: 'db.internal:5432',
  labels: ['prod'],
};
const dns: FilterableMonitor = { protocol_type: 'DNS', host: '1.1.1.1', alias: 'Resolver', labels: [] };

describe('matchesText', () => {
  it.each<[FilterableMonitor, string, boolean]>([
    [shop, '', true],
    [shop, '   ', true],
    [shop, 'shop', true], // alias and url
    [shop, 'SHOP', true], // case is ignored
    [shop, '  health ', true], // url path, spaces trimmed
    [shop, 'HTTP:Sh', true], // the name as shown
    [shop, 'http:shop', true],
    [shop, 'db', false],
    [db, '5432', true], // host
    [db, 'internal', true],
    [db, 'TCP:', false], // no alias: shown as the host
    [dns, 'resolver', true],
    [dns, '1.1.1', true],
    [dns, 'DNS:Res', true],
    [dns, 'google', false],
  ])('%o with %j → %s', (monitor, text, expected) => {
    expect(matchesText(monitor, text)).toBe(expected);
  });
});

describe('matchesGroups', () => {
  it.each<[FilterableMonitor, string[], boolean]>([
    [shop, [], true],
    [dns, [], true],
    [shop, ['web'], true],
    [db, ['web'], false],
    [db, ['web', 'prod'], true], // any of the chosen groups
    [dns, ['prod'], false],
    [{ protocol_type: 'ICMP', host: 'a', labels: null }, ['prod'], false],
  ])('%o in %j → %s', (monitor, groups, expected) => {
    expect(matchesGroups(monitor, groups)).toBe(expected);
  });
});

describe('filterMonitors', () => {
  const all = [shop, db, dns];
  it.each<[string, string[], FilterableMonitor[]]>([
    ['', [], all],
    ['shop', [], [shop]],
    ['', ['prod'], [shop, db]],
    ['internal', ['prod'], [db]],
    ['internal', ['web'], []],
    ['nothing', [], []],
  ])('text %j, groups %j', (text, groups, expected) => {
    expect(filterMonitors(all, { text, groups })).toEqual(expected);
  });

  it('returns a new array even when nothing is filtered', () => {
    const result = filterMonitors(all, { text: '', groups: [] });
    expect(result).not.toBe(all);
    expect(result).toEqual(all);
  });
});

describe('groupOptions', () => {
  it.each<[FilterableMonitor[], string[], string[]]>([
    [[], [], []],
    [[shop, db, dns], [], ['prod', 'web']],
    [[dns], ['staging', ' ', 'prod '], ['prod', 'staging']],
    [[shop], ['web', 'api'], ['api', 'prod', 'web']],
  ])('%o with the user’s %j → %j', (monitors, userLabels, expected) => {
    expect(groupOptions(monitors, userLabels)).toEqual(expected);
  });
});

describe('hasMonitorGroups', () => {
  it.each([
    [{ MONITOR_GROUP: true }, true],
    [{ MONITOR_GROUP: false }, false],
    [null, false],
    [undefined, false],
  ])('%o → %s', (plan, expected) => {
    expect(hasMonitorGroups(plan)).toBe(expected);
  });
});
