// @vitest-environment jsdom

import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY, colorSchemeManager } from '@/lib/color-scheme';
import '@/testing/test-utils';
import { ColorSchemeToggle } from './color-scheme-toggle';

function renderToggle() {
  return render(
    <MantineProvider defaultColorScheme="auto" colorSchemeManager={colorSchemeManager} env="test">
      <ColorSchemeToggle />
    </MantineProvider>,
  );
}

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('the light / dark / system toggle', () => {
  it('follows the system until a choice is made, then applies and remembers it', async () => {
    localStorage.removeItem(COLOR_SCHEME_KEY);
    renderToggle();
    expect(screen.getByRole('radio', { name: 'System' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(scheme()).toBe('dark'));
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');

    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(scheme()).toBe('light'));
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
  });

  it('starts from the remembered choice', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    renderToggle();
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
    expect(scheme()).toBe('dark');
  });
});
