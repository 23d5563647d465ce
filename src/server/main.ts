import { appendFileSync } from 'node:fs';
import { buildApp, openDatabase } from './app';
import { ConfigError, loadConfig } from './config';
import { openUploadStorage } from './platform/upload-storage';
import { checkProductionSecrets } from './secret-check';
import { seedOnStart } from './start-up';

async function main(): Promise<void> {
  logMemory(process.env.MEMORY_LOG);
  let config;
  try {
    config = loadConfig();
    // A production server refuses missing or guessable secrets, naming the variable (docs/decisions/0229-production-secret-check.md).
    checkProductionSecrets(process.env, config.production);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // A bucket that cannot be reached stops the start here, before the database is opened.
  const uploadStorage = await openUploadStorage(config.uploads);
  const database = await openDatabase(config);
  await seedOnStart(database, config, { info: (m) => console.log(m), warn: (m) => console.warn(m) }, uploadStorage);
  await database.settle?.();
  const app = await buildApp(config, { database, closeDatabase: true, uploadStorage });
  // A stop (docs/decisions/0234-graceful-stop-with-a-deadline.md): no new connections, a 503 on kept-alive
  // ones (nginx retries those elsewhere), event streams ended with a reconnect hint, in-flight requests
  // and background work finished, outbox leases released, the database closed; then exit 0. Past
  // SHUTDOWN_TIMEOUT_MS it exits 1 with a log line, whatever is still running.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    app.log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
    setTimeout(() => {
      app.log.error(
        { signal, deadlineMs: config.shutdownTimeoutMs },
        `shutdown did not finish within SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms); exiting with work unfinished`,
      );
      process.exit(1);
    }, config.shutdownTimeoutMs);
    // Kept-alive connections would hold the close open (and nginx would keep sending on them):
    // answers from now on say `Connection: close`, and connections between requests are closed
    // as they become idle. A request nginx sends as one closes is retried on another process.
    app.server.on('request', (_req, res) => {
      if (!res.headersSent) res.setHeader('connection', 'close');
    });
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(idle);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info({ signal, tookMs: Date.now() - started }, 'shut down cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`HalalNosh is serving on ${config.publicUrl} (${database.kind}${config.demo ? ', demo data' : ''})`);
}

/**
 * MEMORY_LOG=<file>: a JSON line of process.memoryUsage() every 5 s (MEMORY_LOG_MS), for finding
 * where a soak's memory goes (bench/soak.mjs sets it). A debugging aid, off unless set.
 */
function logMemory(file: string | undefined): void {
  if (!file) return;
  const every = Number(process.env.MEMORY_LOG_MS) || 5000;
  const write = () => {
    const m = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), uptime: Math.round(process.uptime()), ...m })}\n`);
  };
  write();
  setInterval(write, every).unref();
}

main().catch((err) => {
  console.error(err instanceof Error ? `Start-up failed: ${err.message}` : err);
  process.exit(1);
});
