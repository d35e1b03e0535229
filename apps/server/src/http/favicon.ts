import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { serverRoot } from '../server-root';

/** The product mark (the web app's favicon.svg drawn at 16, 32 and 48 px), read once at start. */
const FAVICON_FILE = path.join(serverRoot, 'assets', 'favicon.ico');

/**
 * `/favicon.ico`, which browsers ask for on their own whatever the page links: served by every
 * replica, with or without a built web app, so no page logs a 404 for it.
 */
export const faviconRoutes: FastifyPluginAsync = async (app) => {
  const icon = fs.readFileSync(FAVICON_FILE);
  app.get('/favicon.ico', { schema: { summary: 'The icon', hide: true } }, async (_request, reply) =>
    reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(icon),
  );
};
