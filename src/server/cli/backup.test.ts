import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { orders, uploads, user } from '../db/schema/index';
import { seedDemo } from '../db/seed/seed-demo';
import { folderStorage } from '../platform/upload-storage';
import { deliveryBody, place, seedShop } from '../modules/orders/test-fixtures';
import { type TestApp, testConfig } from '../test/test-app';
import { BackupError, type StorageSettings, backup, restore, verifyBackup } from './backup';
import { backupInstances } from './test-fixtures';

/**
 * A backup restores into a fresh instance with the same accounts, orders and uploaded files
 * (docs/decisions/0232-backups-one-folder-with-a-manifest.md), on whichever database the run uses:
 * the embedded one in a data folder, or a new database on DATABASE_URL's server.
 */
const work = mkdtempSync(path.join(tmpdir(), 'halalnosh-backup-test-'));
const instances = backupInstances(work);
const serverUrl = instances.serverUrl;
const freshInstance = (label: string) => instances.fresh(label);
const open = (s: StorageSettings) => instances.open(s);

/** What must survive: every account, every order with its total, every upload row with its file's bytes. */
async function snapshot(s: StorageSettings) {
  const database = await open(s);
  try {
    const db = database.db;
    const accounts = await db.select({ id: user.id, email: user.email }).from(user).orderBy(asc(user.id));
    const placed = await db
      .select({ id: orders.id, status: orders.status, totalMinor: orders.totalMinor })
      .from(orders)
      .orderBy(asc(orders.id));
    const files = await db.select().from(uploads).orderBy(asc(uploads.id));
    const bytes = Object.fromEntries(
      (await readdir(s.uploadDir, { recursive: true, withFileTypes: true }))
        .filter((d) => d.isFile())
        .map((d) => {
          const full = path.join(d.parentPath, d.name);
          return [path.relative(s.uploadDir, full), readFileSync(full).toString('base64')];
        }),
    );
    return { accounts, placed, uploads: files.length, bytes };
  } finally {
    await database.close();
  }
}

let source: StorageSettings;
let orderId: string;
let folder: string;

beforeAll(async () => {
  source = await freshInstance('source');
  const database = await open(source);
  try {
    const config = testConfig({ dataDir: source.dataDir });
    config.uploads = { ...config.uploads, dir: source.uploadDir };
    await seedDemo(database.db, { storage: folderStorage(source.uploadDir) });
    const app = await buildApp(config, { logger: false, database });
    await app.ready();
    try {
      const t: TestApp = { app, database, url: source.databaseUrl, close: async () => undefined };
      const shop = await seedShop(t);
      const res = await place(t, deliveryBody(shop));
      expect(res.statusCode, res.body).toBe(201);
      orderId = (res.json() as { order: { id: string } }).order.id;
    } finally {
      await app.close();
    }
    // An upload the database does not name yet (a file on its way in) is kept too.
    await writeFile(path.join(source.uploadDir, 'loose-file.bin'), Buffer.from([0, 1, 2, 255, 254]));
    if (!serverUrl) {
      // The embedded database's folder is in use by this "server": a backup refuses, naming why.
      await expect(backup(source, path.join(work, 'backups'))).rejects.toThrow(/in use by another process/);
    }
  } finally {
    await database.close();
  }
}, 400_000);

afterAll(async () => {
  await instances.dropAll();
  await rm(work, { recursive: true, force: true });
});

describe(`backup and restore (${serverUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('writes one folder whose manifest lists the database, the uploads and their checksums', async () => {
    folder = await backup(source, path.join(work, 'backups'));
    const manifest = await verifyBackup(folder);
    expect(manifest.database).toBe(serverUrl ? 'postgres' : 'pglite');
    expect(manifest.files.map((f) => f.path)).toEqual([serverUrl ? 'database.dump' : 'pglite.tar.gz', 'uploads.tar']);
    expect(manifest.migrations.count).toBeGreaterThan(30);
    expect(manifest.uploads.map((u) => u.path)).toContain('loose-file.bin');
    expect(manifest.uploads.length).toBeGreaterThan(3);
  }, 120_000);

  it('restores into a fresh instance with the same accounts, orders and byte-equal files', async () => {
    const target = await freshInstance('target');
    await restore(target, folder);
    const before = await snapshot(source);
    const after = await snapshot(target);
    expect(before.placed.map((o) => o.id)).toContain(orderId);
    expect(after.placed).toEqual(before.placed);
    expect(after.accounts).toEqual(before.accounts);
    expect(before.accounts.length).toBeGreaterThan(5);
    expect(after.uploads).toBe(before.uploads);
    expect(Object.keys(after.bytes).sort()).toEqual(Object.keys(before.bytes).sort());
    for (const [file, content] of Object.entries(before.bytes)) expect(after.bytes[file], file).toBe(content);
  }, 180_000);

  it('refuses to restore over a database that is not empty, and replaces it with --force', async () => {
    const target = await freshInstance('occupied');
    const database = await open(target);
    await database.close();
    const refused = await restore(target, folder).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(BackupError);
    expect((refused as Error).message).toMatch(/not empty.*--force/);
    await restore(target, folder, { force: true });
    const after = await snapshot(target);
    expect(after.placed.map((o) => o.id)).toContain(orderId);
  }, 180_000);

  it('refuses a damaged backup before touching anything', async () => {
    const target = await freshInstance('damaged');
    const copy = path.join(work, 'damaged-backup');
    await rm(copy, { recursive: true, force: true });
    const { cp } = await import('node:fs/promises');
    await cp(folder, copy, { recursive: true });
    await writeFile(path.join(copy, 'uploads.tar'), 'not a tar');
    await expect(restore(target, copy)).rejects.toThrow(/uploads.tar does not match its checksum/);
    expect(existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);
  });
});
