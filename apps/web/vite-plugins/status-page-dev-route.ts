import type { Plugin } from 'vite';

/**
 * In `vite` (development) `/status/{slug}…` opens status.html, as the API server answers it in
 * production (apps/server/src/http/status-page-hosting.ts); the dev server would answer index.html.
 */
export function statusPageDevRoute(): Plugin {
  return {
    name: 'paydar:status-page-dev-route',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/status\/[^/?]+(?:[/?]|$)/.test(request.url)) request.url = '/status.html';
        next();
      });
    },
  };
}
