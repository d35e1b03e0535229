import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServiceContext } from './context';
import { registerApiDocs } from './http/api-docs';
import { registerCompression } from './http/compression';
import { registerEdgeValueRule } from './http/edge-values';
import { registerErrorHandler, sendFrameworkError } from './http/error-handler';
import { faviconRoutes } from './http/favicon';
import { healthRoutes } from './http/health';
import { registerNotFound } from './http/not-found';
import { registerSecurityHeaders } from './http/security-headers';
import { trackServerPaths } from './http/server-paths';
import { trustProxyOption } from './http/trust-proxy';
import { registerWebHosting } from './http/web-hosting';
import { loggerOptions } from './logging';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { agentRoutes } from './modules/agent/agent.routes';
import { alertChannelsRoutes } from './modules/alert-channels/alert-channels.routes';
import { channelTestRoutes } from './modules/alerts/channel-test.routes';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { badgesRoutes } from './modules/badges/badges.routes';
import { consoleCreditRoutes } from './modules/console-credit/console-credit.routes';
import { heartbeatsRoutes } from './modules/heartbeats/heartbeats.routes';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes';
import { liveRoutes } from './modules/live/live.routes';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { monitorsRoutes } from './modules/monitors/monitors.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { registerOperatorMetrics } from './modules/operator-metrics/operator-metrics.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { probersRoutes } from './modules/probers/probers.routes';
import { prometheusRoutes } from './modules/prometheus/prometheus.routes';
import { publicIncidentsRoutes } from './modules/status-page-incidents/incidents.public.routes';
import { incidentsRoutes } from './modules/status-page-incidents/incidents.routes';
import { statusPageSubscribersRoutes } from './modules/status-page-subscribers/status-page-subscribers.routes';
import { publicStatusPagesRoutes } from './modules/status-pages/status-pages.public.routes';
import { statusPagesRoutes } from './modules/status-pages/status-pages.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { zarinpalRoutes } from './modules/zarinpal/zarinpal.routes';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  context: ServiceContext;
  /** A pino logger to share with the runtime; without one the app makes its own. */
  logger?: FastifyBaseLogger;
}

/** Builds the whole HTTP app without listening, so tests can use app.inject(). */
export async function buildApp({ context, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: loggerOptions(context.config) }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: trustProxyOption(context.config.TRUST_PROXY),
    return503OnClosing: true,
    frameworkErrors: sendFrameworkError,
  });
  // First: it must see every route registered after it.
  const isServerPath = trackServerPaths(app);
  app.decorateRequest('caller', null);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // The API speaks JSON only: a text/plain body would reach the schemas as a string and get a misleading 400.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before the routes: it keeps which methods each path has, to answer 405 rather than 404.
  registerNotFound(app);
  registerEdgeValueRule(app);
  await registerSecurityHeaders(app, context.config);
  await registerCompression(app);
  await registerApiDocs(app, context.config.PRODUCT_NAME);
  // Before the routes: its timing hook must see every one of them.
  registerOperatorMetrics(app, context);

  await app.register(healthRoutes(context.db));
  await app.register(faviconRoutes);
  await app.register(accountsRoutes(context));
  await app.register(apiTokensRoutes(context));
  await app.register(alertChannelsRoutes(context));
  await app.register(impersonationRoutes(context));
  await app.register(plansRoutes(context));
  await app.register(subscriptionsRoutes(context));
  await app.register(probersRoutes(context));
  await app.register(monitorsRoutes(context));
  await app.register(heartbeatsRoutes(context));
  await app.register(metricsRoutes(context));
  await app.register(prometheusRoutes(context));
  await app.register(badgesRoutes(context));
  await app.register(agentRoutes(context));
  await app.register(notificationsRoutes(context));
  await app.register(channelTestRoutes(context));
  await app.register(maintenanceRoutes(context));
  await app.register(statusPagesRoutes(context));
  await app.register(publicStatusPagesRoutes(context));
  await app.register(incidentsRoutes(context));
  await app.register(publicIncidentsRoutes(context));
  await app.register(statusPageSubscribersRoutes(context));
  await app.register(walletRoutes(context));
  await app.register(zarinpalRoutes(context));
  await app.register(consoleCreditRoutes(context));
  await app.register(liveRoutes(context));
  await registerWebHosting(app, context.config, isServerPath);
  return app;
}
