import { describe, expect, it } from 'vitest';
import { certificateFace, responseTimeFace, statusFace, uptimeFace } from './badge-text';

describe('uptimeFace: floored to two decimals, never rounded up to 100 %', () => {
  it.each([
    [100, '100%', 'brightgreen'],
    [99.99999, '99.99%', 'brightgreen'],
    [99.9583, '99.95%', 'brightgreen'],
    [99.95, '99.95%', 'brightgreen'],
    [99.899, '99.89%', 'green'],
    [99.5, '99.5%', 'green'],
    [97, '97%', 'yellow'],
    [12.345, '12.34%', 'red'],
    [0, '0%', 'red'],
    [null, 'no data', 'lightgrey'],
  ])('%s → %s', (percent, message, color) => {
    expect(uptimeFace(percent)).toEqual({ message, color });
  });
});

describe('responseTimeFace: whole ms under a second, else seconds to 0.01', () => {
  it.each([
    [0, '0 ms', 'brightgreen'],
    [199.6, '200 ms', 'brightgreen'],
    [999.4, '999 ms', 'green'],
    [999.5, '1 s', 'green'],
    [1234.5, '1.23 s', 'yellow'],
    [2500, '2.5 s', 'red'],
    [null, 'no data', 'lightgrey'],
  ])('%s → %s', (ms, message, color) => {
    expect(responseTimeFace(ms)).toEqual({ message, color });
  });
});

it('statusFace colours each state', () => {
  expect(statusFace('up')).toEqual({ message: 'up', color: 'brightgreen' });
  expect(statusFace('down')).toEqual({ message: 'down', color: 'red' });
  expect(statusFace('maintenance').color).toBe('blue');
});

describe('certificateFace: whole days left, coloured by the default thresholds', () => {
  it.each([
    [null, 'no data', 'lightgrey'],
    [90, '90 days', 'brightgreen'],
    [30, '30 days', 'brightgreen'],
    [29, '29 days', 'green'],
    [14, '14 days', 'green'],
    [13, '13 days', 'yellow'],
    [7, '7 days', 'yellow'],
    [6, '6 days', 'red'],
    [1, '1 day', 'red'],
    [0, '0 days', 'red'],
    [-1, 'expired', 'red'],
  ])('%s → %s in %s', (days, message, color) => {
    expect(certificateFace(days)).toEqual({ message, color });
  });
});
