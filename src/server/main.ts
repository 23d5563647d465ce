import { appendFileSync } from 'node:fs';
import { buildApp, openDatabase } from './app';
import { ConfigError, loadConfig } from './config';
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
  const database = await openDatabase(config);
  await seedOnStart(database, config, { info: (m) => console.log(m), warn: (m) => console.warn(m) });
  await database.settle?.();
  const app = await buildApp(config, { database, closeDatabase: true });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
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
