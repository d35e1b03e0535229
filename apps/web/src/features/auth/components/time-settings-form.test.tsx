// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProfile, renderWithProviders, stubFetch } from '@/testing/test-utils';
import { TimeSettingsForm } from './time-settings-form';

/** The profile's time zone (issue 14) and calendar (issue 15): how every date is shown. */
const me = buildProfile({ id: 7, time_zone: 'Asia/Tehran', calendar: 'gregorian' });

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const saveButton = () => screen.getByRole('button', { name: 'Save' });

/** Picks an option: a change of the whole text (as autofill or a paste does) selects the option of that name. */
async function pick(field: string, option: string) {
  fireEvent.change(screen.getByRole('combobox', { name: field }), { target: { value: option } });
  await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
}

describe('time zone and calendar', () => {
  it('shows the zone in use, and saves another one picked from the list', async () => {
    const fetchMock = stubFetch(() => ({ body: { ...me, time_zone: 'Europe/Berlin' } }));
    renderWithProviders(<TimeSettingsForm me={me} />);
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe('Asia/Tehran');
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    await pick('Time zone', 'Europe/Berlin');
    fireEvent.click(saveButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/v1\/users\/profile$/);
    expect(init?.method).toBe('PUT');
    expect(bodyOf(init)).toEqual({ id: 7, time_zone: 'Europe/Berlin', calendar: 'gregorian' });
    expect(await screen.findByText('Dates are now shown in Europe/Berlin, Gregorian calendar.')).toBeTruthy();
  });

  it('shows now in the calendar in use', () => {
    renderWithProviders(<TimeSettingsForm me={{ ...me, calendar: 'jalali' }} />);
    // Jalali months: Farvardin … Esfand, never a Gregorian month name.
    expect(screen.getByTestId('time-settings-now').textContent).toMatch(
      /^(Farvardin|Ordibehesht|Khordad|Tir|Mordad|Shahrivar|Mehr|Aban|Azar|Dey|Bahman|Esfand) \d+(st|nd|rd|th), \d\d:\d\d:\d\d$/,
    );
  });

  it('saves the Jalali calendar picked from the list', async () => {
    const fetchMock = stubFetch(() => ({ body: { ...me, calendar: 'jalali' } }));
    renderWithProviders(<TimeSettingsForm me={me} />);
    await pick('Calendar', 'Jalali (Solar Hijri)');
    fireEvent.click(saveButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(bodyOf(fetchMock.mock.calls[0]?.[1])).toEqual({ id: 7, time_zone: 'Asia/Tehran', calendar: 'jalali' });
    expect(await screen.findByText('Dates are now shown in Asia/Tehran, Jalali (Solar Hijri) calendar.')).toBeTruthy();
  });

  it("shows the server's refusal under the field it names", async () => {
    stubFetch(() => ({
      status: 400,
      body: { code: 'VALIDATION_FAILED', calendar: ["Choose a calendar: 'gregorian' or 'jalali'."] },
    }));
    renderWithProviders(<TimeSettingsForm me={me} />);
    await pick('Time zone', 'UTC');
    fireEvent.click(saveButton());
    expect(await screen.findByText("Choose a calendar: 'gregorian' or 'jalali'.")).toBeTruthy();
  });
});
