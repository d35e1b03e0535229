// @vitest-environment jsdom
import type { MonitorCertificate } from '@paydar/contracts/certificate';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileQueryKey } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { buildProfile, renderWithProviders } from '@/testing/test-utils';
import { CertificateCard, certificateUrgency, daysLeftText } from './certificate-card';
import { MonitorDetail } from './monitor-detail';
import { monitor, setUpDetailTests, stubApi } from './monitor-detail.test-support';

setUpDetailTests();

const certificate: MonitorCertificate = {
  host: 'shop.example.test',
  issuer: 'R11',
  issuer_organization: "Let's Encrypt",
  subject: 'shop.example.test',
  subject_organization: null,
  sans: ['DNS:shop.example.test', 'DNS:www.shop.example.test', 'IP Address:127.0.0.1'],
  fingerprint256: 'AB:CD:EF',
  valid_from: '2024-01-20T10:00:00.000Z',
  valid_to: '2024-04-19T10:00:00.000Z',
  days_left: 29,
  seen_at: '2024-03-20T11:59:00.000Z',
};

beforeEach(() => {
  queryClient.setQueryData(profileQueryKey, buildProfile({ time_zone: 'Asia/Tehran', calendar: 'gregorian' }));
});

describe('daysLeftText and certificateUrgency', () => {
  it.each([
    [29, 'Expires in 29 days'],
    [1, 'Expires in 1 day'],
    [0, 'Expires within a day'],
    [-1, 'Expired 1 day ago'],
    [-4, 'Expired 4 days ago'],
  ])('%i → %s', (days, text) => {
    expect(daysLeftText(days)).toBe(text);
  });

  it('warns under the smallest threshold only, and always once expired', () => {
    expect(certificateUrgency(8, [30, 14, 7])).toBe('ok');
    expect(certificateUrgency(7, [30, 14, 7])).toBe('warning');
    expect(certificateUrgency(3, [])).toBe('ok');
    expect(certificateUrgency(-1, [])).toBe('expired');
  });
});

describe('CertificateCard', () => {
  it('shows issuer, subject, SANs, validity in the reader’s zone and the days left', () => {
    renderWithProviders(<CertificateCard certificate={certificate} thresholds={[30, 14, 7, 1]} />);
    const card = screen.getByTestId('certificate-card');
    expect(within(card).getByText('TLS certificate')).toBeTruthy();
    expect(within(card).getByText("R11, Let's Encrypt")).toBeTruthy();
    expect(within(card).getByText('shop.example.test')).toBeTruthy();
    expect(within(card).getByText('Names it covers (3)')).toBeTruthy();
    expect(within(card).getByText('DNS:www.shop.example.test')).toBeTruthy();
    expect(within(card).getByText('IP Address:127.0.0.1')).toBeTruthy();
    // 10:00 UTC is 13:30 in Tehran.
    expect(within(card).getByText('Apr 19th, 2024, 13:30')).toBeTruthy();
    expect(within(card).getByText('AB:CD:EF')).toBeTruthy();
    expect(screen.getByTestId('certificate-days-left').textContent).toBe('Expires in 29 days');
    expect(screen.queryByText(/Renew it soon/)).toBeNull();
  });

  it('turns to the warning colour under the smallest threshold and says so', () => {
    renderWithProviders(<CertificateCard certificate={{ ...certificate, days_left: 3 }} thresholds={[30, 7]} />);
    expect(screen.getByTestId('certificate-days-left').textContent).toBe('Expires in 3 days');
    expect(screen.getByTestId('certificate-days-left').className).toMatch(/Badge/);
    expect(
      screen.getByText('Renew it soon: fewer days are left than the smallest warning threshold (7 days).'),
    ).toBeTruthy();
  });

  it('says an expired certificate is expired', () => {
    renderWithProviders(<CertificateCard certificate={{ ...certificate, days_left: -2 }} />);
    expect(
      screen.getByText('This certificate has expired: browsers refuse the site until it is renewed.'),
    ).toBeTruthy();
  });

  it('shows markup in a name as text', () => {
    renderWithProviders(
      <CertificateCard certificate={{ ...certificate, subject: '<img src=x onerror=alert(1)>', sans: [] }} />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('None listed.')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

describe('the monitor detail', () => {
  it('shows the certificate card of an HTTPS monitor that has one, and none before', async () => {
    stubApi();
    const { unmount } = renderWithProviders(<MonitorDetail monitor={monitor} />);
    await screen.findByText('Up');
    expect(screen.queryByTestId('certificate-card')).toBeNull();
    unmount();
    renderWithProviders(<MonitorDetail monitor={{ ...monitor, certificate }} />);
    expect(await screen.findByTestId('certificate-card')).toBeTruthy();
  });
});
