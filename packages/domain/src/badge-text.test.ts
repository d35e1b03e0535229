import { describe, expect, it } from 'vitest';
import { responseTimeFace, statusFace, uptimeFace } from './badge-text';

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
