import { createRoot } from 'react-dom/client';
import { apiBaseOf } from './api-base';
import { statusLocationOf } from './location';
import { StatusApp } from './status-app';

/** Renders the status page for the address bar's location. */
const location = statusLocationOf(window.location.pathname);
const root = document.getElementById('status-root');
if (root) {
  createRoot(root).render(
    <StatusApp location={location} base={apiBaseOf(location.address)} search={window.location.search} />,
  );
}
