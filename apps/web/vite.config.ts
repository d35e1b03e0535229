import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { firstRouteChunkGroup, sharedWithEntryGroup } from './vite-plugins/first-route-chunks.ts';
import { modulepreloadDynamicEntry } from './vite-plugins/modulepreload-dynamic-entry.ts';
import { statusPageDevRoute } from './vite-plugins/status-page-dev-route.ts';

/** The API server in development; `/config.json` comes from it too, so one build serves any deployment. */
const apiServer = 'http://localhost:3000';
const proxy = { '/api': apiServer, '/config.json': apiServer };

/**
 * Fewer, larger chunks for the first page (issue 15): automatic splitting cut a chunk for every set
 * of modules shared by a different set of screens — 64 files for the dashboard, each one more
 * request. Grouped instead, higher priority first:
 * - React, and the router apart (the status page needs React only), which change rarely: their
 *   own chunks stay cached across releases.
 * - `shared`: what the status page (status.html, a second entry) shares with the app.
 * - `app`: what starts the app on every page; `first-route`: what the signed-in frame and the
 *   dashboard add to it (vite-plugins/first-route-chunks.ts). Other screens, the charts' echarts and
 *   the billing popups stay lazy, in chunks of their own.
 */
const firstRoute = {
  entry: 'src/main.tsx',
  app: 'src/app/start.tsx',
  firstRoute: ['src/app/layout/app-layout.tsx', 'src/app/routes/dashboard.tsx'],
};
const chunkGroups = [
  { name: 'react', priority: 20, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  // The router apart from React: the status page (status.html) needs React only.
  { name: 'router', priority: 20, test: /node_modules[\\/]react-router[\\/]/ },
  // The public status page (status.html) is a second, light entry: what it shares with the app (zod,
  // contracts) gets a chunk of its own, or it would load the whole `app` chunk for them.
  {
    debugName: 'shared with the status page',
    priority: 15,
    ...sharedWithEntryGroup(import.meta.dirname, 'shared', {
      entry: 'src/status-page/start.tsx',
      others: [firstRoute.app, ...firstRoute.firstRoute],
      except: [firstRoute.entry],
    }),
  },
  {
    debugName: 'app and first-route',
    priority: 10,
    ...firstRouteChunkGroup(import.meta.dirname, firstRoute),
  },
];

export default defineConfig({
  plugins: [
    react(),
    // The entry only fires the first calls and imports the app: the app's chunks are preloaded with the page.
    modulepreloadDynamicEntry('src/app/start.tsx'),
    // The same for the status page (status.html): its entry sets zod's no-eval flag, then starts it.
    modulepreloadDynamicEntry('src/status-page/start.tsx', '/status.html'),
    statusPageDevRoute(),
    // A .br and a .gz beside every asset worth it, compressed once at build with the strongest
    // settings; the server hands them out as the browser accepts (@fastify/static's preCompressed).
    compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })] }),
  ],
  resolve: { alias: { '@/': new URL('./src/', import.meta.url).pathname } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The `app` chunk (what starts the app, libraries included) is ~550 kB raw, ~165 kB gzip, by
    // design; the first page's real budget is `npm run check:bundle`'s.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The signed-in app, and the public status page (src/status-page/, its own small app).
      input: {
        main: new URL('./index.html', import.meta.url).pathname,
        status: new URL('./status.html', import.meta.url).pathname,
      },
      output: {
        // The entry's own modules stay in the entry, though the app imports them too.
        codeSplitting: { groups: chunkGroups, includeDependenciesRecursively: false },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
