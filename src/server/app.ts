import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { docsRoute } from './http/docs-route';
import { type ApiRoute, contractGuard } from './http/route';
import type { Config } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { loggerOptions, requestIdOf } from './platform/logging';
import { type BackgroundTasks, createBackgroundTasks } from './platform/background-tasks';
import { createAuth, type Auth } from './modules/auth/better-auth';
import { accountRoutes } from './modules/account/routes';
import { adminRoutes } from './modules/admin/routes';
import { startLateOrdersSweeper } from './jobs/late-orders';
import { partnerOrderRoutes } from './modules/orders/partner-routes';
import { orderRoutes } from './modules/orders/routes';
import { voucherRoutes } from './modules/vouchers/routes';
import { groupOrderRoutes } from './modules/group-orders';
import { CATALOG_CHANNEL } from './modules/catalog/response-cache';
import { catalogRoutes } from './modules/catalog/routes';
import { meRoutes } from './modules/auth/routes';
import { driverRoutes } from './modules/driver/routes';
import { dispatchRoutes } from './modules/dispatch/routes';
import { dispatcherRoutes } from './modules/dispatcher/routes';
import { startDemoFleet } from './jobs/demo-fleet';
import { startExpiredJobsSweeper } from './jobs/expired-jobs';
import { startJobReachSweeper } from './jobs/job-reach';
import { startUnansweredOrdersSweeper } from './jobs/unanswered-orders';
import { startExpiredGroupOrdersSweeper } from './jobs/expired-group-orders';
import { startDispatcherRounds } from './jobs/dispatcher-round';
import { startNoDriverOrdersSweeper } from './jobs/no-driver-orders';
import { startScheduledOrdersSweeper } from './jobs/scheduled-orders';
import { startCertificateExpirySweeper } from './jobs/certificate-expiry';
import { startUnusedUploadsSweeper } from './jobs/unused-uploads';
import { halalRoutes } from './modules/halal/routes';
import { partnerRoutes } from './modules/partner/routes';
import { menuRoutes } from './modules/menu/routes';
import { offerRoutes } from './modules/offers/routes';
import { devMailRoutes } from './modules/dev/routes';
import { createGeocoder, type Geocoder } from './modules/geo/geocoder';
import { createRoutePlanner, type RoutePlanner } from './modules/geo/route-planner';
import { healthRoutes } from './modules/health/routes';
import { liveRoutes } from './modules/live/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { pushRoutes } from './modules/push/routes';
import { financeRoutes } from './modules/finance';
import { actorOf, registerAuth } from './plugins/auth';
import { registerCsrfCheck } from './plugins/csrf';
import { registerSecretRotation } from './plugins/secret-rotation';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerInputHygiene } from './plugins/input-hygiene';
import { registerMetrics } from './plugins/metrics';
import { registerTracing } from './plugins/tracing';
import { startTracing, stopTracing } from './platform/tracing';
import { createMailer, type Mailer } from './platform/mail';
import { LiveBus, createBusTransport } from './platform/live-bus';
import { registerSecurityHeaders } from './plugins/security';
import { loadRenderEntry } from './plugins/page-render';
import { registerWebApp } from './plugins/web-app';
import { alertFailedNotification, messagePreparer, notificationRoutes } from './modules/notifications';
import { startOutboxWorker } from './platform/notify/outbox-worker';
import { createSenders } from './platform/notify/senders';
import { type UploadStorage, openUploadStorage } from './platform/upload-storage';

export type { ApiRoute } from './http/route';

export type AppDeps = {
  config: Config;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  bus: LiveBus;
  geocoder: Geocoder;
  /** Work started by a request and finished after its answer (password reset requests). */
  background: BackgroundTasks;
  routes: RoutePlanner;
  /** Where uploaded files live: UPLOAD_DIR or the UPLOAD_S3_BUCKET (docs/decisions/0242-uploads-in-object-storage.md). */
  uploadStorage: UploadStorage;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its policy, as registered (the authorization tests walk it). */
    apiRoutes: ApiRoute[];
    deps: AppDeps;
  }
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. */
export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(`${config.dataDir}/pglite`);
}

/** Builds the whole server. Tests call it with their own database; main.ts with the configured one. */
export async function buildApp(
  config: Config,
  opts: {
    database?: Database;
    logger?: boolean;
    /** Where log lines go (default stdout); tests read them. */
    logStream?: { write(line: string): void };
    /** Runs work after the answer; tests pass one that holds the tasks. */
    background?: BackgroundTasks;
    /** Close the database with the app (default: only one it opened). */ closeDatabase?: boolean;
    /** The upload storage main.ts already opened for the start-up seed (default: opened from config.uploads). */
    uploadStorage?: UploadStorage;
  } = {},
): Promise<FastifyInstance> {
  // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the OpenTelemetry module is imported here
  // and nowhere else (docs/decisions/0241-traces-behind-an-endpoint.md).
  const tracer = await startTracing(config.traces);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : loggerOptions({ level: config.logLevel, production: config.production, stream: opts.logStream }),
    // Every log line of a request names it; nginx's $request_id is kept when well-formed
    // (docs/decisions/0231-logs-without-personal-data.md), and the answer carries it back.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Only proxies we trust may say who the client is (per-IP rate limits depend on it).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // One spelling per route: `/x/`, `//x`, `/x;a=1` and `/X` are other addresses (404), never the
    // same route (docs/decisions/0196-policy-decided-by-the-matched-route.md). Pinned, not left to defaults.
    routerOptions: {
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      caseSensitive: true,
      maxParamLength: 100,
      // Read by the router; not yet in its option type.
      ...{ useSemicolonDelimiter: false },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // The first onRequest hook: everything after it runs inside the request's span.
  registerTracing(app, tracer);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setSerializerCompiler(serializerCompiler);

  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', contractGuard(apiRoutes));

  const uploadStorage = opts.uploadStorage ?? (await openUploadStorage(config.uploads));
  const database = opts.database ?? (await openDatabase(config));
  database.useLog?.(app.log);
  const mailer = createMailer(config, database.db, app.log);
  const bus = new LiveBus(await createBusTransport(config.redisUrl, database, app.log), app.log, {
    checkEvents: !config.production,
  });
  await bus.start();
  // A deleted session (sign-out, password reset, revoked) ends its open event streams at once.
  const auth = createAuth(config, database.db, mailer, { sessionEnded: (userId) => bus.accessChanged(userId) });
  const deps: AppDeps = {
    config,
    database,
    auth,
    mailer,
    bus,
    geocoder: createGeocoder(config.geocoderUrl),
    background: opts.background ?? createBackgroundTasks(app.log),
    routes: createRoutePlanner(config.routingUrl),
    uploadStorage,
  };
  app.decorate('deps', deps);

  registerErrorHandling(app);
  // First of the hooks: a request is measured whatever a later hook answers (docs/decisions/0227-metrics-exposure.md).
  registerMetrics(app, config.metrics, database);
  registerInputHygiene(app);
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://'), mapTileUrl: config.mapTileUrl });
  registerCsrfCheck(app, config);
  registerSecretRotation(app, { current: config.authSecret, previous: config.authSecretPrevious ?? null });
  registerAuth(app, auth, database.db, config.publicUrl);
  await app.register(multipart, { limits: { fileSize: config.uploads.maxBytes, files: 1, fields: 5 } });

  healthRoutes(app, { database, demo: config.demo, production: config.production });
  if (!config.production) docsRoute(app);
  meRoutes(app, { db: database.db });
  liveRoutes(app, {
    db: database.db,
    bus,
    actorOf: (request) => actorOf(auth, database.db, request),
    recheckMs: config.liveRecheckMs,
  });
  uploadRoutes(app, {
    db: database.db,
    storage: uploadStorage,
    maxBytes: config.uploads.maxBytes,
    limit: config.uploads.limit,
    windowSeconds: config.rateLimits.windowSeconds,
  });
  accountRoutes(app, { db: database.db });
  partnerRoutes(app, { db: database.db });
  menuRoutes(app);
  offerRoutes(app);
  driverRoutes(app, { db: database.db });
  dispatchRoutes(app);
  dispatcherRoutes(app);
  adminRoutes(app, { db: database.db });
  orderRoutes(app);
  groupOrderRoutes(app);
  partnerOrderRoutes(app);
  const catalog = catalogRoutes(app, {
    db: database.db,
    geocoder: deps.geocoder,
    responseCache: config.responseCache,
    // The embedded database has one writer, this process: its cache hears each catalog change at commit.
    catalogChanges:
      database.kind === 'pglite'
        ? { subscribe: (onChange) => database.listen(CATALOG_CHANNEL, (payload) => onChange(payload)) }
        : undefined,
  });
  reviewRoutes(app, { db: database.db });
  halalRoutes(app);
  pushRoutes(app);
  financeRoutes(app);
  voucherRoutes(app);
  notificationRoutes(app, { db: database.db, authSecret: config.authSecret });
  if (config.demo && !config.production) devMailRoutes(app, { db: database.db });

  const renderEntry = await loadRenderEntry(config.webRenderEntry, app.log);
  await registerWebApp(
    app,
    config.webDistDir,
    { mapTileUrl: config.mapTileUrl ?? null },
    {
      entry: renderEntry,
      cache: catalog.cache,
    },
  );

  // Background sweepers start once the app is ready; tests run them by hand (config.sweepers false).
  const stopSweepers: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    if (!config.sweepers) return;
    stopSweepers.push(startLateOrdersSweeper({ db: database.db, bus }, app.log));
    stopSweepers.push(startExpiredJobsSweeper({ db: database.db, bus }, app.log));
    stopSweepers.push(startJobReachSweeper({ db: database.db, bus }, app.log));
    stopSweepers.push(startUnansweredOrdersSweeper({ db: database.db, bus }, app.log, config.unansweredOrdersSweepMs));
    stopSweepers.push(startNoDriverOrdersSweeper({ db: database.db, bus }, app.log));
    stopSweepers.push(startDispatcherRounds({ db: database.db, bus }, app.log));
    stopSweepers.push(startScheduledOrdersSweeper({ db: database.db, bus }, app.log));
    stopSweepers.push(startCertificateExpirySweeper({ db: database.db, bus }, app.log));
    stopSweepers.push(startExpiredGroupOrdersSweeper({ db: database.db, bus }, app.log));
    stopSweepers.push(startUnusedUploadsSweeper({ db: database.db, storage: uploadStorage }, app.log));
    // The notification outbox: a pass every few seconds and at once after each enqueue's commit (docs/decisions/0140-notification-outbox.md).
    stopSweepers.push(
      await startOutboxWorker(
        { database, senders: createSenders({ config, db: database.db, log: app.log }), log: app.log },
        // A stop gives the sends in hand half its deadline, then hands their rows back
        // (docs/decisions/0234-graceful-stop-with-a-deadline.md).
        {
          prepare: messagePreparer(config),
          onFailed: alertFailedNotification,
          stopGraceMs: Math.floor(config.shutdownTimeoutMs / 2),
        },
      ),
    );
    // The demo fleet plays drivers only when DEMO_FLEET=1 (off by default).
    if (config.demoFleet) stopSweepers.push(startDemoFleet({ db: database.db, bus, storage: uploadStorage }, app.log));
  });
  app.addHook('onClose', async () => {
    await Promise.all(stopSweepers.map((stop) => stop()));
    await deps.background.idle();
    await bus.close();
    // Stop listening before the database goes away.
    if (opts.closeDatabase ?? !opts.database) await database.close();
    // Last: the spans of everything above go out before the process ends (at most 5 s).
    if (tracer) await stopTracing();
  });
  return app;
}
