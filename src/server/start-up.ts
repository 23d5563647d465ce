import type { Config } from './config';
import type { Database } from './db/client';
import { seedCities } from './db/seed/seed-catalog';
import { seedDemo } from './db/seed/seed-demo';

/**
 * What a start puts in the database: the city directory (reference data) always; the demo
 * restaurants and accounts only in demo mode, which production has only with DEMO=1
 * (docs/decisions/0197-no-demo-in-production-and-first-admin.md).
 */
export async function seedOnStart(
  database: Database,
  config: Pick<Config, 'demo' | 'uploads'>,
  log: (message: string) => void,
): Promise<void> {
  if (config.demo) await seedDemo(database.db, { log, uploadDir: config.uploads.dir });
  else await seedCities(database.db);
}
