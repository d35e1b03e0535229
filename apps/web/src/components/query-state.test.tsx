// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';
import { QueryState } from './query-state';

function Reader({ read }: { read: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['query-state-test', read], queryFn: read, retry: false });
  return <QueryState query={query}>{(names) => <p>{names.join(', ')}</p>}</QueryState>;
}

describe('QueryState', () => {
  it('shows a spinner while the read is in flight, then what the data makes', async () => {
    let answer: (names: string[]) => void = () => undefined;
    renderWithProviders(<Reader read={() => new Promise((resolve) => (answer = resolve))} />);
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    answer(['Checkout', 'Search']);
    expect(await screen.findByText('Checkout, Search')).toBeTruthy();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('shows the server’s words when the read failed, and a plain sentence for anything else', async () => {
    renderWithProviders(<Reader read={() => Promise.reject(new ApiError(404, 'No status page here.'))} />);
    expect(await screen.findByText('No status page here.')).toBeTruthy();
    renderWithProviders(<Reader read={() => Promise.reject(new TypeError('Failed to fetch'))} />);
    expect(await screen.findByText('Something went wrong!')).toBeTruthy();
  });
});
