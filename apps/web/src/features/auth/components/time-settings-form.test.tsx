// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { TimeZoneForm } from './time-zone-form';

/** The profile's time zone (issue 14): where alert messages and the history give times. */
const me = buildProfile({ id: 7, time_zone: 'Asia/Tehran' });
vi.setConfig({ testTimeout: 20_000 });

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

/** Picks a zone: a change of the whole text (as autofill or a paste does) selects the option of that name. */
async function pick(zone: string) {
  const input = screen.getByRole('combobox', { name: 'Time zone' });
  fireEvent.change(input, { target: { value: zone } });
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Save time zone' }).hasAttribute('disabled')).toBe(false),
  );
}

describe('time zone', () => {
  it('shows the zone in use, and saves another one picked from the list', async () => {
    const fetchMock = stubFetch(() => ({ body: { ...me, time_zone: 'Europe/Berlin' } }));
    renderWithProviders(<TimeZoneForm me={me} />);
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('Asia/Tehran');
    expect(screen.getByRole('button', { name: 'Save time zone' }).hasAttribute('disabled')).toBe(true);
    await pick('Europe/Berlin');
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/v1\/users\/profile$/);
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init)).toEqual({ id: 7, time_zone: 'Europe/Berlin' });
    expect(await screen.findByText('Times are now shown in Europe/Berlin.')).toBeTruthy();
  });

  it("shows the server's refusal under the field", async () => {
    stubFetch(() => ({
      status: 400,
      body: { code: 'VALIDATION_FAILED', time_zone: ['Enter a time zone by its IANA name, such as Asia/Tehran.'] },
    }));
    renderWithProviders(<TimeZoneForm me={me} />);
    await pick('UTC');
    fireEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Enter a time zone by its IANA name, such as Asia/Tehran.')).toBeTruthy();
  });
});
