// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildProfile, renderWithProviders } from '@/testing/test-utils';
import { DateModal } from './date-modal';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

function renderModal(calendar: 'jalali' | 'gregorian') {
  setSessionToken('key', 'local');
  queryClient.setQueryData(profileQueryKey, buildProfile({ calendar, time_zone: 'Asia/Tehran' }));
  const onSetDay = vi.fn(() => true);
  renderWithProviders(
    <DateModal
      opened
      onClose={() => undefined}
      shownDay={day('2026-11-26')}
      minDay={day('2026-01-01')}
      maxDay={day('2026-11-26')}
      onSetDay={onSetDay}
      planName="Pro"
      timeZone="Asia/Tehran"
    />,
  );
  return { onSetDay, dialog: screen.getByRole('dialog', { name: 'Date' }) };
}

describe('DateModal', () => {
  it('shows a Jalali reader Jalali months and sets the UTC day they pick', () => {
    const { dialog, onSetDay } = renderModal('jalali');
    expect(within(dialog).getByText('Azar 1405')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Azar 2nd, 1405' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set Date' }));
    expect(onSetDay).toHaveBeenCalledWith(day('2026-11-23'));
  });

  it('shows a Gregorian reader Gregorian months', () => {
    const { dialog } = renderModal('gregorian');
    expect(within(dialog).getByText('November 2026')).toBeTruthy();
    expect(within(dialog).queryByText('Azar 1405')).toBeNull();
  });
});
