import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client';
import type { StorageSettings } from './backup';

/**
 * Fresh instances for the backup tests (docs/decisions/0232-backups-one-folder-with-a-manifest.md),
 * on whichever database the run uses: a data folder under `work` for the embedded one, or a new
 * database on DATABASE_URL's server, dropped by `dropAll`.
 */
export function backupInstances(work: string) {
  const serverUrl = process.env.DATABASE_URL ?? null;
  const made: string[] = [];
  return {
    serverUrl,
    /** A fresh instance: its own data folder and uploads folder, and on PostgreSQL its own empty database. */
    async fresh(label: string): Promise<StorageSettings> {
      const dataDir = path.join(work, label);
      if (!serverUrl) return { databaseUrl: null, dataDir, uploadDir: path.join(dataDir, 'uploads') };
      const name = `halalnosh_backup_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      made.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { databaseUrl: url.toString(), dataDir, uploadDir: path.join(dataDir, 'uploads') };
    },
    open(s: StorageSettings): Promise<Database> {
      return s.databaseUrl
        ? openPostgres(s.databaseUrl, 3)
        : openPglite(path.join(s.dataDir, 'pglite'), { thread: false });
    },
    async dropAll(): Promise<void> {
      if (!serverUrl || !made.length) return;
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      for (const name of made) await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
