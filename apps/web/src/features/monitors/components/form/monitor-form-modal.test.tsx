import { completeAlertChannels } from '@paydar/contracts/accounts';
// @vitest-environment jsdom

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { buildShopMonitor, freeSpecifications } from '@/testing/monitor-builders';
import { pendingRefreshCount } from '../../hooks/use-monitor-form-refresh';
import {
  choose,
  dialog,
  pillsOf,
  renderModal,
  setUpFormTests,
  signIn,
  stubApi,
  submit,
} from './monitor-form.test-support';

/** The Add and Edit popups' fields, options and defaults (spec §5). */
setUpFormTests();

describe('Add Monitor: defaults (spec §5)', () => {
  it('starts as HTTP(S), 5 min, 0.5 sec, GET, enabled, with three enabled probers', async () => {
    stubApi();
    renderModal();
    const form = await dialog();
    expect(within(form).getByRole('radio', { name: 'HTTP(S)' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('textbox', { name: 'URL' })).toHaveProperty('value', '');
    expect(within(form).getByRole('combobox', { name: 'Period' })).toHaveProperty('value', '5 min');
    expect(within(form).getByRole('combobox', { name: 'Expected time' })).toHaveProperty('value', '0.5 sec');
    expect(within(form).getByRole('combobox', { name: 'Method' })).toHaveProperty('value', 'GET');
    expect(within(form).getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', true);
    expect(pillsOf('Probers')).toEqual(['Tehran (DE)', 'Frankfurt (DE)', 'Helsinki (DE)']);
    expect(within(form).queryByRole('textbox', { name: 'Body' })).toBeNull();
  });

  it('offers every option list of the spec', async () => {
    stubApi();
    renderModal();
    await dialog();
    const optionsOf = async (label: string) => {
      fireEvent.click(screen.getByRole('combobox', { name: label }));
      const listbox = await screen.findByRole('listbox', { name: label });
      const names = within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent);
      fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Escape' });
      return names;
    };
    expect(await optionsOf('Period')).toEqual([
      '5 sec',
      '15 sec',
      '30 sec',
      '1 min',
      '3 min',
      '5 min',
      '10 min',
      '30 min',
    ]);
    expect(await optionsOf('Expected time')).toEqual(['0.125 sec', '0.25 sec', '0.5 sec', '1 sec', '2 sec']);
    expect(await optionsOf('Method')).toEqual(['GET', 'POST', 'PUT', 'DELETE', 'HEAD']);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'HTTP',
      'ICMP',
      'TCP',
      'DNS',
      'HEARTBEAT',
    ]);
  });

  it('shows the body only for POST and PUT', async () => {
    stubApi();
    renderModal();
    await dialog();
    for (const [method, hasBody] of [
      ['POST', true],
      ['DELETE', false],
      ['PUT', true],
      ['HEAD', false],
      ['GET', false],
    ] as const) {
      await choose('Method', method);
      expect(screen.queryByRole('textbox', { name: 'Body' }) !== null).toBe(hasBody);
    }
  });

  it('DNS asks for the server, the query name and the type (default A, twelve types)', async () => {
    stubApi();
    renderModal();
    await dialog();
    fireEvent.click(screen.getByRole('radio', { name: 'DNS' }));
    expect(screen.getByRole('textbox', { name: 'DNS server' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Query name' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Query type' })).toHaveProperty('value', 'A');
    expect(screen.queryByRole('combobox', { name: 'Method' })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Query type' }));
    const listbox = await screen.findByRole('listbox', { name: 'Query type' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(12);
  });

  it('adds and removes header rows', async () => {
    stubApi();
    renderModal();
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    expect(screen.getAllByRole('textbox', { name: /^Header \d name$/ })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove header 1' }));
    expect(screen.getAllByRole('textbox', { name: /^Header \d name$/ })).toHaveLength(1);
  });

  it("says a Host header keeps the URL's address", async () => {
    stubApi();
    renderModal();
    await dialog();
    expect(
      screen.getByText("A Host header changes only the name sent: the check still connects to the URL's address."),
    ).toBeTruthy();
  });

  it("offers the user's alert channels", async () => {
    signIn({
      alert_channels: completeAlertChannels({
        emails: [{ value: 'ops@example.test', is_verified: true }],
        phones: [{ value: '+989120000000', is_verified: false }],
        webhooks: [{ value: 'https://hooks.example.test/x', is_verified: true }],
      }),
    });
    stubApi();
    renderModal();
    await dialog();
    fireEvent.click(screen.getByRole('combobox', { name: 'Alert channels' }));
    const listbox = await screen.findByRole('listbox', { name: 'Alert channels' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['ops@example.test', '+989120000000 (not verified)', 'https://hooks.example.test/x']);
  });

  it('shows groups only when the plan has the monitor-group feature', async () => {
    stubApi({ plan: freeSpecifications });
    renderModal();
    await dialog();
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeTruthy());
    expect(screen.queryByRole('combobox', { name: 'Groups' })).toBeNull();
  });

  it('a disabled prober cannot be chosen; at most three chosen ones are shown', async () => {
    stubApi();
    renderModal();
    await dialog();
    fireEvent.click(screen.getByRole('combobox', { name: 'Probers' }));
    const listbox = await screen.findByRole('listbox', { name: 'Probers' });
    expect(within(listbox).queryByRole('option', { name: /Retired/ })).toBeNull();
    fireEvent.click(within(listbox).getByRole('option', { name: 'Amsterdam (DE)' }));
    expect(pillsOf('Probers')).toEqual(['Tehran (DE)', 'Frankfurt (DE)', 'Helsinki (DE)', '+1 more']);
  });
});

describe('Edit Monitor', () => {
  it('shows protocol and address read-only, with the monitor’s values', async () => {
    const shop = buildShopMonitor({ http_method: 'POST', http_body: '{"a":1}', period: 600, alias: 'Shop' });
    const api = stubApi({ monitors: [shop] });
    renderModal({ editId: shop.id });
    await dialog();
    expect(screen.getByRole('heading', { name: 'Edit Monitor' })).toBeTruthy();
    const protocol = screen.getByRole('textbox', { name: 'Protocol' });
    expect(protocol).toHaveProperty('value', 'HTTP(S)');
    expect(protocol).toHaveProperty('readOnly', true);
    const url = screen.getByRole('textbox', { name: 'URL' });
    expect(url).toHaveProperty('value', 'https://example.test/health');
    expect(url).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('radio', { name: 'TCP' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveProperty('value', '10 min');
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveProperty('value', '{"a":1}');
    // The list holds summaries: the whole monitor was read for the form.
    expect(api.calls.map((call) => call.url)).toContain('https://api.example.test/api/v1/monitors/7/');
  });

  it('saves with PUT, toasts and closes', async () => {
    const api = stubApi({ monitors: [buildShopMonitor({ id: 7 })] });
    const onSaved = vi.fn();
    const { onClose } = renderModal({ editId: 7, onSaved });
    await dialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: 'Renamed' } });
    submit();
    expect(await screen.findByText('Your monitor edited successfully!')).toBeTruthy();
    expect(api.saves()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: 'https://api.example.test/api/v1/monitors/7/',
        body: expect.objectContaining({ alias: 'Renamed', url: 'https://example.test/health', protocol_type: 'HTTP' }),
      }),
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ alias: 'Renamed' }));
    expect(pendingRefreshCount()).toBe(0);
  });

  it('keeps a protected monitor’s switch fixed', async () => {
    stubApi({ monitors: [buildShopMonitor({ is_protected: true })] });
    renderModal({ editId: 7 });
    await dialog();
    expect(screen.getByRole('switch', { name: /^Enabled/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('A protected monitor cannot be switched off.')).toBeTruthy();
  });
});
