import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type RuntimeConfig, runtimeConfig } from '@paydar/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { contentEtag, matchesEtag } from './conditional';
import { withInlineRuntimeConfig } from './inline-runtime-config';
import type { ServerPathTest } from './server-paths';
import { htmlPagePicker, withHttpsImages } from './status-page-hosting';

export function runtimeConfigOf(config: Config): RuntimeConfig {
  return {
    productName: config.PRODUCT_NAME,
    apiBaseUrl: config.PUBLIC_URL,
    dashboardUrl: config.DASHBOARD_URL,
    telegramBotLink: config.TELEGRAM_BOT_LINK,
    baleBotLink: config.BALE_BOT_LINK,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    supportTelegram: config.SUPPORT_TELEGRAM,
    analyticsEndpoint: config.ANALYTICS_ENDPOINT ?? null,
  };
}

/**
 * Serves `/config.json` and the built web app, with index.html — the runtime configuration inlined
 * in it — for any other GET that accepts HTML (the SPA's routes), or status.html, the public status
 * page, likewise inlined, for `/status/{slug}…` and on pages' custom domains (status-page-hosting.ts).
 * Paths below the server's own routes (`/api`, `/ping`, `/healthz`…: server-paths.ts) keep their
 * JSON 404, whatever a parameter's length.
 */
export async function registerWebHosting(
  app: FastifyInstance,
  config: Config,
  isServerPath: ServerPathTest,
): Promise<void> {
  const browserConfig = runtimeConfig.parse(runtimeConfigOf(config));
  app.get(
    '/config.json',
    { schema: { summary: "The web app's runtime configuration", hide: true } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return browserConfig;
    },
  );

  const distDir = config.webDistDir;
  if (!distDir || !fs.existsSync(path.join(distDir, 'index.html'))) {
    app.log.warn({ distDir }, 'no built web app found: run `npm run build` to serve it');
    return;
  }
  // The build writes a .br and a .gz beside every compressible asset: served as the client accepts.
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    serveDotFiles: false,
    preCompressed: true,
    // The page is answered below, with the configuration in it; its built copies (and their .br and
    // .gz) would be served without it.
    globIgnore: ['index.html', 'index.html.*', 'status.html', 'status.html.*'],
  });
  const builtPage = (name: string) =>
    withInlineRuntimeConfig(fs.readFileSync(path.join(distDir, name), 'utf8'), browserConfig);
  const indexHtml = builtPage('index.html');
  // A build from before the status page had none: the app answers its paths (and says it has no such page).
  const statusHtml = fs.existsSync(path.join(distDir, 'status.html')) ? builtPage('status.html') : indexHtml;
  // Every status page is this one built page (its data comes from the API), so a reader revalidates
  // it with If-None-Match and is answered 304 until the next build or configuration.
  const statusEtag = contentEtag(statusHtml);
  const pageFor = htmlPagePicker(config);
  const isBuiltPage = (file: string) =>
    path.dirname(file) === distDir && /^(index|status)\.html/.test(path.basename(file));
  // Files under assets/ are content-hashed by Vite and can be cached for good.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/assets/')) void reply.header('cache-control', 'public, max-age=31536000, immutable');
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isServerPath(url)) return reply.callNotFound();
    const file = path.join(distDir, path.normalize(url));
    const isFile = file.startsWith(distDir) && url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile();
    if (isFile && !isBuiltPage(file)) {
      return reply.sendFile(path.relative(distDir, file));
    }
    if (path.extname(url) && !url.endsWith('.html')) return reply.callNotFound();
    void reply.header('cache-control', 'no-cache').type('text/html');
    if (pageFor(url, request.hostname) === 'app') return reply.send(indexHtml);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') void reply.header('content-security-policy', withHttpsImages(policy));
    void reply.header('etag', statusEtag);
    if (matchesEtag(request.headers['if-none-match'], statusEtag)) return reply.code(304).send();
    return reply.send(statusHtml);
  });
}
