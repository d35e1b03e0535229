// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ApdexBars } from './apdex-bars';

describe('ApdexBars', () => {
  it('draws a 0 % slot as a short red bar and a slot without data as an empty outline', () => {
    renderWithProviders(<ApdexBars apdexPercents={[0, 0, null, null, 95, 95, ...new Array(18).fill(null)]} />);
    const [zero, none, gold] = [...screen.getByTestId('apdex-bars').children] as HTMLElement[];
    expect(zero?.dataset.rating).toBe('bad');
    expect(zero?.style.height).toBe('15%');
    expect(zero?.style.background).toBe('rgb(250, 82, 82)'); // APDEX_COLOURS.bad
    expect(none?.dataset.rating).toBe('disabled');
    expect(none?.style.background).toBe('');
    expect(none?.style.boxShadow).toContain('inset');
    expect(gold?.style.height).toBe('95%');
    expect(screen.getByTestId('apdex-bars').getAttribute('aria-label')).toBe('Apdex over the last day: 0% to 95%');
  });
});
