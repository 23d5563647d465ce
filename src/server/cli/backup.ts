import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from '../db/data-dir-lock';
import {
  type S3UploadSettings,
  type UploadStorage,
  contentTypeOfKey,
  openUploadStorage,
} from '../platform/upload-storage';

/**
 * Backups of the database and the uploads, restored into a fresh instance
 * (docs/decisions/0232-backups-one-folder-with-a-manifest.md). A backup is one folder:
 *
 * - `manifest.json`: what it holds, which database it came from, and each file's size and SHA-256;
 * - `database.dump` (PostgreSQL, pg_dump's custom format) or `pglite.tar.gz` (the embedded
 *   database's data folder, as PGlite's dumpDataDir writes it);
 * - `uploads.tar`: UPLOAD_DIR as it was, or every object of the upload bucket when UPLOAD_S3_BUCKET
 *   is set (docs/decisions/0242-uploads-in-object-storage.md); each uploaded file also listed in the
 *   manifest, so a restore proves every file byte-equal, into the folder or the bucket.
 */

const run = promisify(execFile);

export const BACKUP_FORMAT = 'halalnosh-backup';
export const BACKUP_VERSION = 1;

export type StorageSettings = {
  /** PostgreSQL; null: the embedded database in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  dataDir: string;
  uploadDir: string;
  /** The upload bucket (UPLOAD_S3_*) instead of uploadDir; unset or null: the folder. */
  uploadS3?: S3UploadSettings | null;
};

type FileEntry = { path: string; bytes: number; sha256: string };

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** The last migration the database had (drizzle's journal), so a restore says what it brings back. */
  migrations: { count: number; lastCreatedAt: number | null };
  /** The backup's own files (database.dump or pglite.tar.gz, uploads.tar). */
  files: FileEntry[];
  /** Every uploaded file, relative to UPLOAD_DIR (or its key in the bucket). */
  uploads: FileEntry[];
};

/** A refusal or failure the command prints as it is; `code` is the exit code. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function entryOf(root: string, rel: string): Promise<FileEntry> {
  const full = path.join(root, rel);
  return { path: rel.split(path.sep).join('/'), bytes: (await stat(full)).size, sha256: await sha256Of(full) };
}

/** Every regular file under dir, relative paths, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = async (rel: string) => {
    for (const d of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const r = path.join(rel, d.name);
      if (d.isDirectory()) await walk(r);
      else if (d.isFile()) out.push(r);
    }
  };
  await walk('');
  return out.sort();
}

/** The storage the uploads are in: the bucket when one is configured (reached before anything is written), else the folder. */
function uploadStorageOf(settings: StorageSettings): Promise<UploadStorage> {
  return openUploadStorage({ dir: settings.uploadDir, s3: settings.uploadS3 ?? null }).catch((err: unknown) => {
    throw new BackupError(err instanceof Error ? err.message : String(err));
  });
}

/** The file a stored key is copied to under dir; a key that would lead out of it is refused. */
function fileUnder(dir: string, key: string): string {
  const file = path.resolve(dir, key);
  if (!file.startsWith(path.resolve(dir) + path.sep))
    throw new BackupError(
      `The upload key ${JSON.stringify(key)} leads out of the backup's folder; nothing was written.`,
    );
  return file;
}

/** Copies every object of the bucket into dir, one file per key (the same layout as UPLOAD_DIR). */
async function copyBucketInto(storage: UploadStorage, dir: string): Promise<number> {
  let copied = 0;
  for await (const { key } of storage.list()) {
    if (key.endsWith('/')) continue; // a "folder" marker some tools create, not a file
    const file = fileUnder(dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    const object = await storage.get(key);
    await pipeline(object.body, createWriteStream(file, { mode: 0o600 }));
    copied++;
  }
  return copied;
}

async function sha256OfStream(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** How many files the storage holds (a restore goes only into an empty one). */
async function storedFileCount(storage: UploadStorage, settings: StorageSettings): Promise<number> {
  if (storage.kind === 'folder') return (await filesUnder(settings.uploadDir)).length;
  let n = 0;
  for await (const entry of storage.list()) if (entry.key) n++;
  return n;
}

/**
 * The environment for pg_dump/pg_restore/psql from a connection URL: libpq's PG* variables, so the
 * password never appears in a process listing.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  env.PGHOST = decodeURIComponent(u.hostname || 'localhost').replace(/^\[|\]$/g, '');
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const db = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (db) env.PGDATABASE = db;
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  // A host given as ?host=/var/run/postgresql (a Unix socket).
  const host = u.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(name, args, { env, maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(`${name} is not installed: install PostgreSQL's client tools (Debian: postgresql-client).`);
    throw new BackupError(`${name} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/** pg_dump must be at least the server's major version (an older one refuses, or misses objects). */
async function checkToolVersion(client: pg.Client, name: 'pg_dump' | 'pg_restore'): Promise<void> {
  const out = await tool(name, ['--version'], process.env);
  const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1] ?? 0);
  const { rows } = await client.query<{ v: string }>('show server_version_num');
  const serverMajor = Math.floor(Number(rows[0].v) / 10000);
  if (toolMajor < serverMajor)
    throw new BackupError(
      `${name} is version ${toolMajor} but the server is PostgreSQL ${serverMajor}: install the client tools of version ${serverMajor} or later.`,
    );
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Could not connect to the database: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

type Queryable = { query<R>(text: string): Promise<{ rows: R[] }> };

async function migrationState(db: Queryable): Promise<Manifest['migrations']> {
  try {
    const { rows } = await db.query<{ n: number | string; last: string | number | null }>(
      'select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations',
    );
    return { count: Number(rows[0].n), lastCreatedAt: rows[0].last === null ? null : Number(rows[0].last) };
  } catch {
    return { count: 0, lastCreatedAt: null };
  }
}

/** Tables outside the system schemas: a database with any is not fresh. */
async function tableCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `select count(*) as n from information_schema.tables
     where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_%'`,
  );
  return Number(rows[0].n);
}

/** A new folder for this backup under `into`: halalnosh-<database>-<UTC time>. */
function backupFolderName(kind: Manifest['database'], at: Date): string {
  return `halalnosh-${kind}-${at
    .toISOString()
    .replace(/[:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

/**
 * Backs up the database and the uploads into a new folder under `into`; returns its path.
 * PostgreSQL: pg_dump takes one consistent snapshot while the servers run. The embedded database:
 * its folder is locked by the running server, and the backup takes that same lock, so it refuses
 * while the server runs (stop it for the few seconds a backup takes).
 */
export async function backup(
  settings: StorageSettings,
  into: string,
  log: (line: string) => void = () => undefined,
): Promise<string> {
  const at = new Date();
  const kind: Manifest['database'] = settings.databaseUrl ? 'postgres' : 'pglite';
  const folder = path.resolve(into, backupFolderName(kind, at));
  if (existsSync(folder)) throw new BackupError(`${folder} already exists; nothing was written.`);
  const storage = await uploadStorageOf(settings);
  await mkdir(path.dirname(folder), { recursive: true });
  // Personal data: readable by this user only.
  await mkdir(folder, { mode: 0o700 });
  try {
    let migrations: Manifest['migrations'];
    let dbFile: string;
    if (settings.databaseUrl) {
      const url = settings.databaseUrl;
      migrations = await withClient(url, async (c) => {
        await checkToolVersion(c, 'pg_dump');
        return migrationState(c);
      });
      dbFile = 'database.dump';
      await tool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(folder, dbFile)}`],
        libpqEnv(url),
      );
    } else {
      const dir = path.join(settings.dataDir, 'pglite');
      if (!existsSync(path.join(dir, 'PG_VERSION')))
        throw new BackupError(`There is no embedded database in ${dir} to back up (is DATA_DIR right?).`);
      const release = await lockDataDir(dir);
      try {
        const client = new PGlite({ dataDir: dir });
        try {
          await client.waitReady;
          migrations = await migrationState(client);
          const tarball = await client.dumpDataDir('gzip');
          dbFile = 'pglite.tar.gz';
          await writeFile(path.join(folder, dbFile), Buffer.from(await tarball.arrayBuffer()));
        } finally {
          await client.close();
        }
      } finally {
        await release();
      }
    }
    log(`Database (${kind}) written to ${dbFile}.`);

    // After the database: a file the database names existed when the dump was taken, and uploads
    // are never rewritten in place, so it is in the tar unless it was deleted meanwhile. A bucket's
    // objects are first copied into the backup's own uploads/ folder, then tarred the same way.
    let uploadDir = settings.uploadDir;
    if (storage.kind === 's3') {
      uploadDir = path.join(folder, 'uploads');
      await mkdir(uploadDir, { mode: 0o700 });
      const copied = await copyBucketInto(storage, uploadDir);
      log(`${copied} object(s) copied from ${storage.location}.`);
    }
    const uploadFiles = await filesUnder(uploadDir);
    const uploads = await Promise.all(uploadFiles.map((f) => entryOf(uploadDir, f)));
    if (existsSync(uploadDir)) await run('tar', ['-cf', path.join(folder, 'uploads.tar'), '-C', uploadDir, '.']);
    else await run('tar', ['-cf', path.join(folder, 'uploads.tar'), '--files-from=/dev/null']);
    if (storage.kind === 's3') await rm(uploadDir, { recursive: true, force: true });
    log(`${uploads.length} uploaded file(s) written to uploads.tar.`);

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: at.toISOString(),
      database: kind,
      migrations,
      files: [await entryOf(folder, dbFile), await entryOf(folder, 'uploads.tar')],
      uploads,
    };
    // Written last: a folder without a manifest is an unfinished backup, and restore refuses it.
    await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return folder;
  } catch (err) {
    await rm(folder, { recursive: true, force: true });
    throw err;
  }
}

/** Reads a backup's manifest and checks every file of it against its size and checksum. */
export async function verifyBackup(folder: string): Promise<Manifest> {
  const file = path.join(folder, 'manifest.json');
  if (!existsSync(file))
    throw new BackupError(`${folder} has no manifest.json: not a HalalNosh backup, or an unfinished one.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} is not valid JSON.`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw new BackupError(`${file} is not a HalalNosh backup manifest of version ${BACKUP_VERSION}.`);
  for (const entry of manifest.files) {
    const full = path.join(folder, entry.path);
    if (!existsSync(full)) throw new BackupError(`The backup is missing ${entry.path}.`);
    if ((await sha256Of(full)) !== entry.sha256)
      throw new BackupError(`${entry.path} does not match its checksum in the manifest: the backup is damaged.`);
  }
  return manifest;
}

/**
 * Restores a backup into a fresh instance: an empty database (no tables) and an empty UPLOAD_DIR
 * or upload bucket. Over anything else it refuses unless `force`, which empties them first (the
 * embedded database's old folder is kept beside it, renamed; a bucket's objects are deleted). The
 * backup's database kind must match the target's; its uploads go into whichever storage the
 * target uses, so a folder's backup can be restored into a bucket and back.
 */
export async function restore(
  settings: StorageSettings,
  folder: string,
  opts: { force?: boolean } = {},
  log: (line: string) => void = () => undefined,
): Promise<Manifest> {
  const manifest = await verifyBackup(folder);
  const kind: Manifest['database'] = settings.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind)
    throw new BackupError(
      manifest.database === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.'
        : 'This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it.',
    );
  const storage = await uploadStorageOf(settings);
  const existingUploads = await storedFileCount(storage, settings);

  if (settings.databaseUrl) {
    const url = settings.databaseUrl;
    await withClient(url, async (c) => {
      await checkToolVersion(c, 'pg_restore');
      const tables = await tableCount(c);
      if (tables > 0 && !opts.force)
        throw new BackupError(
          `The database is not empty (${tables} table${tables === 1 ? '' : 's'}): restore into a new, empty database, or pass --force to replace everything in it.`,
        );
      if (existingUploads > 0 && !opts.force) throw uploadsNotEmpty(storage, existingUploads);
      if (tables > 0) {
        await c.query('drop schema if exists drizzle cascade');
        await c.query('drop schema if exists public cascade');
        await c.query('create schema public');
      }
    });
    const env = libpqEnv(url);
    // Without --dbname pg_restore would print SQL instead; the name is no secret (the rest is in env).
    const dbname = env.PGDATABASE ?? env.PGUSER ?? 'postgres';
    await tool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        path.join(folder, 'database.dump'),
      ],
      env,
    );
  } else {
    const dir = path.join(settings.dataDir, 'pglite');
    const occupied = existsSync(dir) && (await readdir(dir)).length > 0;
    if (occupied && !opts.force)
      throw new BackupError(
        `The embedded database in ${dir} is not empty: restore into a new DATA_DIR, or pass --force to replace it (the old folder is kept beside it).`,
      );
    if (existingUploads > 0 && !opts.force) throw uploadsNotEmpty(storage, existingUploads);
    await mkdir(settings.dataDir, { recursive: true });
    const release = await lockDataDir(dir);
    try {
      if (occupied) {
        const aside = `${dir}.before-restore-${Date.now()}`;
        await rename(dir, aside);
        log(`The embedded database that was there is kept in ${aside}.`);
      }
      const tarball = new Blob([await readFile(path.join(folder, 'pglite.tar.gz'))]);
      const client = new PGlite({ dataDir: dir, loadDataDir: tarball });
      await client.waitReady;
      await client.close();
    } finally {
      await release();
    }
  }
  log(`Database (${kind}) restored (${manifest.migrations.count} migrations applied when it was backed up).`);

  if (storage.kind === 'folder') {
    if (existingUploads > 0) await rm(settings.uploadDir, { recursive: true, force: true });
    await mkdir(settings.uploadDir, { recursive: true });
    await run('tar', ['-xf', path.join(folder, 'uploads.tar'), '-C', settings.uploadDir]);
    for (const entry of manifest.uploads) {
      const full = path.join(settings.uploadDir, entry.path);
      if (!existsSync(full) || (await sha256Of(full)) !== entry.sha256)
        throw new BackupError(`Uploaded file ${entry.path} did not restore byte-equal: the backup is damaged.`);
    }
  } else {
    await restoreIntoBucket(storage, folder, manifest, existingUploads > 0);
  }
  log(
    `${manifest.uploads.length} uploaded file(s) restored into ${storage.location}, each checked against its checksum.`,
  );
  return manifest;
}

/**
 * The uploads of a backup into the bucket: the tar unpacked into a temporary folder (TMPDIR), each
 * file checked against the manifest and stored under its key, then read back from the bucket and
 * checked again. With `replace` (--force) the bucket's objects are deleted first.
 */
async function restoreIntoBucket(
  storage: UploadStorage,
  folder: string,
  manifest: Manifest,
  replace: boolean,
): Promise<void> {
  if (replace) {
    const keys: string[] = [];
    for await (const { key } of storage.list()) keys.push(key);
    for (const key of keys) await storage.delete(key);
  }
  const staging = await mkdtemp(path.join(tmpdir(), 'halalnosh-restore-'));
  try {
    await run('tar', ['-xf', path.join(folder, 'uploads.tar'), '-C', staging]);
    for (const entry of manifest.uploads) {
      const full = fileUnder(staging, entry.path);
      if (!existsSync(full) || (await sha256Of(full)) !== entry.sha256)
        throw new BackupError(`Uploaded file ${entry.path} did not restore byte-equal: the backup is damaged.`);
      await storage.put(entry.path, await readFile(full), contentTypeOfKey(entry.path));
    }
    for (const entry of manifest.uploads) {
      const stored = await storage.get(entry.path);
      if ((await sha256OfStream(stored.body)) !== entry.sha256)
        throw new BackupError(`Uploaded file ${entry.path} did not read back byte-equal from ${storage.location}.`);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function uploadsNotEmpty(storage: UploadStorage, n: number): BackupError {
  return new BackupError(
    storage.kind === 'folder'
      ? `UPLOAD_DIR ${storage.location} already holds ${n} file(s): restore into an empty folder, or pass --force to replace them.`
      : `The upload bucket ${storage.location} already holds ${n} file(s): restore into an empty bucket, or pass --force to replace them (its objects are deleted).`,
  );
}
