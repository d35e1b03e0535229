// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resolveCssColours } from './css-colours';

const dark: Record<string, string> = { '--mantine-color-dimmed': ' #828282 ', '--mantine-color-text': '#c9c9c9' };
const read = (name: string) => dark[name] ?? '';

describe('resolveCssColours', () => {
  it('replaces variables by their value, or their fallback when unset', () => {
    const option = {
      xAxis: { axisLabel: { color: 'var(--mantine-color-dimmed, #868e96)' } },
      series: [
        { itemStyle: { color: 'var(--mantine-color-unknown, #dee2e6)' } },
        { label: { color: 'var(--mantine-color-text)' } },
      ],
    };
    expect(resolveCssColours(option, read)).toEqual({
      xAxis: { axisLabel: { color: '#828282' } },
      series: [{ itemStyle: { color: '#dee2e6' } }, { label: { color: '#c9c9c9' } }],
    });
  });

  it('leaves other strings, numbers, functions and the input alone', () => {
    const formatter = () => 'x';
    const option = { name: 'var', text: 'a var(--x) inside', data: [1, 2, null], tooltip: { formatter } };
    const resolved = resolveCssColours(option, read);
    expect(resolved).toEqual(option);
    expect(resolved.tooltip.formatter).toBe(formatter);
    const source = { color: 'var(--mantine-color-text)' };
    resolveCssColours(source, read);
    expect(source.color).toBe('var(--mantine-color-text)');
  });

  it('keeps a variable it cannot resolve and that has no fallback', () => {
    expect(resolveCssColours({ color: 'var(--nothing)' }, read)).toEqual({ color: 'var(--nothing)' });
  });
});
