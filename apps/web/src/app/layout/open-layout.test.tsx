// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { PublicHeader } from './open-layout';

function LoginPage() {
  const state = useLocation().state as { from?: string } | null;
  return <output data-testid="from">{state?.from ?? '(none)'}</output>;
}

describe('the public header', () => {
  it('sends Login with the page to come back to, query included', () => {
    const url = '/zarinpal_transaction_result?status=OK&code=7&goal=buy_plan&plan_name=Silver&period=Monthly';
    renderWithProviders(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<PublicHeader />} />
        </Routes>
      </MemoryRouter>,
      { mantineEnv: 'test' },
    );
    fireEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(screen.getByTestId('from').textContent).toBe(url);
  });
});
