// @vitest-environment jsdom

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { buildShopMonitor, freeSpecifications } from '@/testing/monitor-builders';
import { choose, dialog, renderModal, setUpFormTests, stubApi } from './monitor-form.test-support';

/** The plan's limits told beside the fields they limit, before anything is submitted (issue 15). */
setUpFormTests();

const monitors = (count: number) => Array.from({ length: count }, (_, index) => buildShopMonitor({ id: index + 1 }));

async function openOnFree(count: number) {
  const api = stubApi({ plan: freeSpecifications, monitors: monitors(count) });
  renderModal();
  await dialog();
  await vi.waitFor(() => expect(queryClient.getQueryData(['monitors', 'list'])).toBeTruthy());
  await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeTruthy());
  return api;
}

describe('limits beside the fields, before submit', () => {
  it('says how many monitors the plan allows and how many are used, and each field’s rule', async () => {
    await openOnFree(3);
    expect(await screen.findByTestId('plan-usage')).toHaveProperty('textContent', '3 of 5 monitors used on Free');
    expect(screen.getByText('How often it is checked · At least 5 min on Free')).toBeTruthy();
    expect(screen.getByText('The datacenters it is checked from · Up to 3 on Free')).toBeTruthy();
    expect(screen.getByText('TCP, DNS not included on Free')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Monitor' })).toHaveProperty('disabled', false);
  });

  it('at the limit, says so at once and disables Add with the reason, before anything is typed', async () => {
    const api = await openOnFree(5);
    const notice = await screen.findByTestId('plan-usage');
    expect(notice.textContent).toContain("You can't add more than 5 monitors");
    expect(notice.textContent).toContain('5 of 5 monitors used on Free');
    const add = screen.getByRole('button', { name: 'Add Monitor' });
    expect(add).toHaveProperty('disabled', true);
    const reason = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe("You can't add more than 5 monitors");
    expect(screen.getAllByRole('button', { name: 'Upgrade Plan' }).length).toBeGreaterThan(0);
    expect(api.saves()).toEqual([]);
  });

  it('a period under the plan minimum is told under Period as soon as it is chosen', async () => {
    await openOnFree(0);
    expect(screen.queryByText("You can't select fewer than 5 min")).toBeNull();
    await choose('Period', '1 min');
    expect(await screen.findByText("You can't select fewer than 5 min")).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Period' }).getAttribute('aria-invalid')).toBe('true');
    await choose('Period', '5 min');
    await vi.waitFor(() => expect(screen.queryByText("You can't select fewer than 5 min")).toBeNull());
  });

  it('a protocol the plan lacks is told under Protocol as soon as it is chosen', async () => {
    await openOnFree(0);
    expect(screen.queryByText('Enabled protocols can only be selected.')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'TCP' }));
    expect(await screen.findByText('Enabled protocols can only be selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'ICMP' }));
    await vi.waitFor(() => expect(screen.queryByText('Enabled protocols can only be selected.')).toBeNull());
  });
});
