// @vitest-environment jsdom
import type { Subscription } from '@paydar/contracts/plans';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildGoldSubscription, buildSubscription, page } from '@/testing/monitor-builders';
import { renderWithProviders, stubFetch } from '@/testing/test-utils';
import { ShareModal } from './share-modal';

const BADGES = 'https://api.example.test/api/v1/badges/tok-123';

function openWith(subscriptions: Subscription[], certificate = false) {
  stubFetch((url) =>
    url.endsWith('/api/v1/users/subscriptions') ? { body: page(subscriptions) } : { status: 404, body: {} },
  );
  renderWithProviders(<ShareModal opened onClose={() => undefined} token="tok-123" certificate={certificate} />);
}

const snippet = async (label: string) => ((await screen.findByLabelText(label)) as HTMLTextAreaElement).value;

describe('the Share popup badges', () => {
  it('shows Markdown and HTML snippets of the token over the longest period the plan covers, and copies them', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openWith([buildGoldSubscription()]);
    const markdown = await snippet('Badge Markdown');
    expect(markdown).toBe(
      [
        `[![status](${BADGES}/status.svg)](https://app.example.test/symlink/tok-123)`,
        `[![uptime 30d](${BADGES}/uptime.svg?period=30d)](https://app.example.test/symlink/tok-123)`,
        `[![response time 30d](${BADGES}/response-time.svg?period=30d)](https://app.example.test/symlink/tok-123)`,
      ].join(' '),
    );
    const html = await snippet('Badge HTML');
    expect(html).toContain(`<img src="${BADGES}/status.svg" alt="status">`);
    expect(html).toContain(`<img src="${BADGES}/uptime.svg?period=30d" alt="uptime 30d">`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Badge HTML' }));
    expect(writeText).toHaveBeenCalledWith(html);
    expect(screen.getByRole('img', { name: 'uptime 30d badge' }).getAttribute('src')).toBe(
      `${BADGES}/uptime.svg?period=30d`,
    );
  });

  it("never offers a period past a Free plan's 7 days, and lets the user pick a shorter covered one", async () => {
    openWith([buildSubscription()]);
    expect(await snippet('Badge Markdown')).toContain(`${BADGES}/uptime.svg?period=7d`);
    expect(await snippet('Badge Markdown')).not.toContain('30d');
    const choices = screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);
    expect(choices).toEqual(['24h', '7d']);
    fireEvent.click(screen.getByRole('radio', { name: '24h' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('Badge Markdown').value).toContain('period=24h'),
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Badge HTML').value).toContain(
      `${BADGES}/response-time.svg?period=24h`,
    );
    expect(screen.getByLabelText<HTMLTextAreaElement>('Badge Markdown').value).not.toContain('period=7d');
  });

  it('shows only the status badge without an active plan (no history to sum)', async () => {
    openWith([]);
    const markdown = await snippet('Badge Markdown');
    expect(markdown).toContain(`${BADGES}/status.svg`);
    expect(markdown).not.toContain('uptime');
    expect(markdown).not.toContain('certificate');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('offers the certificate badge only for a monitor that has a TLS certificate', async () => {
    openWith([buildGoldSubscription()], true);
    expect(await snippet('Badge Markdown')).toContain(
      `[![certificate](${BADGES}/certificate.svg)](https://app.example.test/symlink/tok-123)`,
    );
    expect(screen.getByRole('img', { name: 'certificate badge' }).getAttribute('src')).toBe(
      `${BADGES}/certificate.svg`,
    );
  });

  it('shows no badges while the token loads', () => {
    stubFetch(() => ({ status: 404, body: {} }));
    renderWithProviders(<ShareModal opened onClose={() => undefined} token={undefined} />);
    expect(screen.queryByLabelText('Badge Markdown')).toBeNull();
  });
});
