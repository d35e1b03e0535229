import type { ProtocolType } from '@paydar/contracts/monitors-options';
import { describe, expect, it } from 'vitest';
import {
  type LastResultSource,
  lastResult,
  type MonitorStatus,
  monitorStatus,
  type StatusFigures,
} from './monitor-status';

const checked = '2024-03-05T10:00:00Z';

describe('monitorStatus', () => {
  it.each<[boolean, StatusFigures | null, MonitorStatus]>([
    [false, { is_down: true, last_check_at: checked }, 'disabled'], // disabled wins over down
    [false, { is_down: false, last_check_at: checked }, 'disabled'],
    [false, null, 'disabled'],
    [true, { is_down: true, last_check_at: checked }, 'down'],
    [true, { is_down: false, last_check_at: checked }, 'up'],
    [true, { is_down: false, confirming: true, last_check_at: checked }, 'confirming'], // a failure being re-checked
    [true, { is_down: true, confirming: true, last_check_at: checked }, 'down'], // down until the recovery is confirmed
    [false, { is_down: false, confirming: true, last_check_at: checked }, 'disabled'],
    [true, { is_down: false, last_check_at: null }, 'pending'], // not checked yet
    [true, null, 'pending'], // figures not loaded
  ])('enabled %s with %o → %s', (is_enabled, figures, expected) => {
    expect(monitorStatus({ is_enabled }, figures)).toBe(expected);
  });
});

describe('lastResult', () => {
  const none: LastResultSource = { last_status_code: null, last_status: null };
  it.each<[ProtocolType, LastResultSource, LastResultSource | null, string | null]>([
    ['HTTP', { last_status_code: 200, last_status: null }, null, '200'],
    ['HTTP', { last_status_code: 200, last_status: null }, { last_status_code: 503, last_status: null }, '503'],
    ['HTTP', { last_status_code: 301, last_status: null }, none, null], // the last check got no answer
    ['HTTP', none, null, null],
    ['HTTP', { last_status_code: null, last_status: 'OK' }, null, null], // HTTP never shows a status text
    ['ICMP', { last_status_code: null, last_status: 'OK' }, null, 'OK'],
    [
      'TCP',
      { last_status_code: null, last_status: 'OK' },
      { last_status_code: null, last_status: 'timeout' },
      'timeout',
    ],
    ['DNS', none, none, null],
    ['DNS', { last_status_code: null, last_status: ' ' }, null, null],
  ])('%s: %o then %o → %j', (protocol_type, monitor, figures, expected) => {
    expect(lastResult({ protocol_type, ...monitor }, figures)).toBe(expected);
  });
});
