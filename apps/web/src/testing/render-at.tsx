import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from './test-utils';

/** Shows where the router is, for `currentLocation()`. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Where the router is now (path and query). */
export const currentLocation = () => screen.getByTestId('location').textContent;

/** Renders `ui` at `url` in the test providers (no transitions, so popups open at once). */
export function renderAt(ui: ReactNode, url: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Location />
              {ui}
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { mantineEnv: 'test' },
  );
}
