// @vitest-environment jsdom

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildShopMonitor } from '@/testing/monitor-builders';
import {
  certificateExpiryErrors,
  certificateExpiryInputOf,
  isHttpsTarget,
  sortedThresholds,
} from './certificate-expiry-values';
import { dialog, pillsOf, renderModal, setUpFormTests, stubApi, submit } from './monitor-form.test-support';

/** The "Certificate expiry warnings" field of the Add and Edit popups (issue 17). */
setUpFormTests();

const typeUrl = (value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'URL' }), { target: { value } });
const sentDays = (api: ReturnType<typeof stubApi>) =>
  (api.saves()[0]?.body as { certificate_expiry_days?: unknown } | undefined)?.certificate_expiry_days;
const field = () => screen.queryAllByLabelText('Certificate expiry warnings')[0] ?? null;

describe('certificate expiry values', () => {
  it('sends the typed days largest first, and names what is wrong', () => {
    expect(certificateExpiryInputOf(['7', '60', '1'])).toEqual([60, 7, 1]);
    expect(certificateExpiryErrors(['7', '60'])).toEqual({});
    expect(certificateExpiryErrors(['0'])).toEqual({
      certificate_expiry_days: 'Enter whole numbers of days from 1 to 365.',
    });
    expect(certificateExpiryErrors(['seven'])).toEqual({
      certificate_expiry_days: 'Enter whole numbers of days from 1 to 365.',
    });
    expect(certificateExpiryErrors(['1', '2', '3', '4', '5', '6', '7'])).toEqual({
      certificate_expiry_days: 'Choose at most 6 thresholds.',
    });
  });

  it('orders the tags largest first, what is not a number last', () => {
    expect(sortedThresholds(['7', '60', 'x', '1', '14'])).toEqual(['60', '14', '7', '1', 'x']);
  });

  it('is for HTTPS addresses only', () => {
    expect(isHttpsTarget('HTTP', 'https://shop.example')).toBe(true);
    expect(isHttpsTarget('HTTP', 'HTTPS://shop.example')).toBe(true);
    expect(isHttpsTarget('HTTP', 'shop.example')).toBe(false);
    expect(isHttpsTarget('TCP', 'https://shop.example')).toBe(false);
  });
});

describe('Add Monitor: certificate expiry warnings', () => {
  it('appears for an HTTPS URL with 30, 14, 7 and 1 days, and sends them', async () => {
    const api = stubApi();
    renderModal();
    await dialog();
    typeUrl('http://shop.example');
    expect(field()).toBeNull();
    typeUrl('https://shop.example');
    expect(await screen.findAllByLabelText('Certificate expiry warnings')).toBeTruthy();
    expect(pillsOf('Certificate expiry warnings')).toEqual(['30', '14', '7', '1']);
    submit();
    await vi.waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(sentDays(api)).toEqual([30, 14, 7, 1]);
  });

  it('shows the server’s refusal under the field', async () => {
    stubApi({
      save: () => ({
        status: 400,
        body: {
          detail: 'Each threshold may appear once.',
          certificate_expiry_days: ['Each threshold may appear once.'],
        },
      }),
    });
    renderModal();
    await dialog();
    typeUrl('https://shop.example');
    await screen.findAllByLabelText('Certificate expiry warnings');
    submit();
    expect(await screen.findAllByText('Each threshold may appear once.')).not.toHaveLength(0);
    expect(
      screen
        .queryAllByLabelText('Certificate expiry warnings')
        .some((input) => input.getAttribute('aria-invalid') === 'true'),
    ).toBe(true);
  });
});

describe('Edit Monitor: certificate expiry warnings', () => {
  it('starts from the monitor’s thresholds and sends them back', async () => {
    const monitor = buildShopMonitor({ id: 9, url: 'https://shop.example/', certificate_expiry_days: [60, 3] });
    const api = stubApi({ monitors: [monitor] });
    renderModal({ editId: 9 });
    await dialog();
    await vi.waitFor(() => expect(pillsOf('Certificate expiry warnings')).toEqual(['60', '3']));
    submit();
    await vi.waitFor(() => expect(api.saves()).toHaveLength(1));
    expect(sentDays(api)).toEqual([60, 3]);
  });
});
