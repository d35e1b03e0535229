// @vitest-environment jsdom

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { LAZY_POPUP, LAZY_POPUP_TEST_TIMEOUT_MS } from '@/testing/lazy-popup';
import { freeSpecifications } from '@/testing/monitor-builders';
import { metricQueryKey } from '../../api/get-metric';
import { pendingRefreshCount } from '../../hooks/use-monitor-form-refresh';
import { choose, dialog, renderModal, setUpFormTests, stubApi, submit } from './monitor-form.test-support';

/** What the popup refuses, the plan limits, and what happens after a monitor is created. */
setUpFormTests();

describe('validation', () => {
  it("an empty address shows 'Please fill all fields.' and sends nothing", async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    submit();
    expect(await screen.findByText('Please fill all fields.')).toBeTruthy();
    expect(api.saves()).toEqual([]);
  });

  it('no prober left shows the same text', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'example.com' } });
    for (let index = 0; index < 3; index++) {
      const pills = screen.getByRole('combobox', { name: 'Probers' }).closest('.mantine-MultiSelect-root');
      const remove = pills?.querySelector('.mantine-Pill-remove');
      if (remove) fireEvent.click(remove);
    }
    submit();
    expect(await screen.findByText('Please fill all fields.')).toBeTruthy();
    expect(api.saves()).toEqual([]);
  });

  it(
    'a period under the plan minimum shows the limit with Upgrade Plan, which opens the plans',
    async () => {
      const api = stubApi({ plan: freeSpecifications });
      const { onClose } = renderModal();
      await dialog();
      await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeTruthy());
      fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'example.com' } });
      await choose('Period', '1 min');
      submit();
      // Under the field (said as soon as it was chosen: monitor-form-plan-hints.test) and in the toast.
      expect(await screen.findAllByText("You can't select fewer than 5 min")).toHaveLength(2);
      expect(api.saves()).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Upgrade Plan' }));
      expect(await screen.findByRole('heading', { name: 'Plans' }, LAZY_POPUP)).toBeTruthy();
      // Escape closes the Plans popup, not the form under it.
      fireEvent.keyDown(document.body, { key: 'Escape' });
      await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Plans' })).toBeNull());
      expect(onClose).not.toHaveBeenCalled();
      expect(screen.getByRole('textbox', { name: 'URL' })).toHaveProperty('value', 'example.com');
    },
    LAZY_POPUP_TEST_TIMEOUT_MS,
  );

  it('a method the plan lacks', async () => {
    const api = stubApi({ plan: freeSpecifications });
    renderModal();
    await dialog();
    await vi.waitFor(() => expect(queryClient.getQueryData(['users', 'subscriptions'])).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'example.com' } });
    await choose('Method', 'POST');
    submit();
    expect(await screen.findAllByText('Enabled methods can only be selected.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Upgrade Plan' })).toBeTruthy();
    expect(api.saves()).toEqual([]);
  });

  it("shows the server's text under its field, without the API's field name", async () => {
    stubApi({
      save: () => ({ status: 400, body: { detail: 'url: Enter a valid URL.', url: ['Enter a valid URL.'] } }),
    });
    const { onClose } = renderModal();
    await dialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'http://exa mple' } });
    submit();
    expect(await screen.findByText('Enter a valid URL.')).toBeTruthy();
    // The URL field shows it (its input points at the message), and no toast repeats it with 'url:'.
    const field = screen.getByRole('textbox', { name: 'URL' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/url:/)).toBeNull();
    expect(screen.getAllByText('Enter a valid URL.')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a server plan limit comes with Upgrade Plan', async () => {
    stubApi({
      save: () => ({ status: 403, body: { detail: "You can't add more than 5 monitors", code: 'PLAN_LIMIT' } }),
    });
    renderModal();
    await dialog();
    fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value: 'example.com' } });
    submit();
    expect(await screen.findByText("You can't add more than 5 monitors")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade Plan' })).toBeTruthy();
  });
});

describe('after creation', () => {
  it('sends the normalised monitor, toasts, closes, opens it, and refreshes it 30 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = stubApi();
      const onSaved = vi.fn();
      const view = renderModal({ onSaved });
      await dialog();
      fireEvent.click(screen.getByRole('radio', { name: 'TCP' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Host' }), { target: { value: 'db.example.test' } });
      fireEvent.change(screen.getByRole('textbox', { name: 'Alias' }), { target: { value: ' Database ' } });
      submit();
      expect(await screen.findByText('Your monitor created!')).toBeTruthy();
      expect(api.saves()).toEqual([
        {
          method: 'POST',
          url: 'https://api.example.test/api/v1/monitors/',
          body: expect.objectContaining({
            protocol_type: 'TCP',
            host: 'db.example.test:80',
            url: null,
            alias: 'Database',
            period: 300,
            apdex: 0.5,
            probers: [1, 2, 3],
            is_enabled: true,
          }),
        },
      ]);
      expect(view.onClose).toHaveBeenCalled();
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 42 }));
      await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/monitor/42'));

      // The popup is gone; the refresh is not.
      view.unmount();
      expect(pendingRefreshCount()).toBe(1);
      const metricCalls = () => api.calls.filter((call) => call.url.includes('/42/metric'));
      await act(() => vi.advanceTimersByTimeAsync(29_000));
      expect(metricCalls()).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await vi.waitFor(() => expect(queryClient.getQueryData(metricQueryKey(42, 'today'))).toBeTruthy());
      expect(metricCalls().map((call) => call.url)).toEqual([
        'https://api.example.test/api/v1/monitors/42/metric?cache=False&time_zone=Asia%2FTehran',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
