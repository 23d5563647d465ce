import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from '../db/data-dir-lock';

/**
 * Backups of the database and the uploads, restored into a fresh instance
 * (docs/decisions/0232-backups-one-folder-with-a-manifest.md). A backup is one folder:
 *
 * - `manifest.json`: what it holds, which database it came from, and each file's size and SHA-256;
 * - `database.dump` (PostgreSQL, pg_dump's custom format) or `pglite.tar.gz` (the embedded
 *   database's data folder, as PGlite's dumpDataDir writes it);
 * - `uploads.tar`: UPLOAD_DIR as it was (each uploaded file also listed in the manifest, so a restore
 *   proves every file byte-equal).
 */

const run = promisify(execFile);

export const BACKUP_FORMAT = 'halalnosh-backup';
export const BACKUP_VERSION = 1;

export type StorageSettings = {
  /** PostgreSQL; null: the embedded database in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  dataDir: string;
  uploadDir: string;
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
  /** Every uploaded file, relative to UPLOAD_DIR. */
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
    // are never rewritten in place, so it is in the tar unless it was deleted meanwhile.
    const uploadFiles = await filesUnder(settings.uploadDir);
    const uploads = await Promise.all(uploadFiles.map((f) => entryOf(settings.uploadDir, f)));
    if (existsSync(settings.uploadDir))
      await run('tar', ['-cf', path.join(folder, 'uploads.tar'), '-C', settings.uploadDir, '.']);
    else await run('tar', ['-cf', path.join(folder, 'uploads.tar'), '--files-from=/dev/null']);
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
 * Restores a backup into a fresh instance: an empty database (no tables) and an empty UPLOAD_DIR.
 * Over anything else it refuses unless `force`, which empties them first (the embedded database's
 * old folder is kept beside it, renamed). The backup's database kind must match the target's.
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
  const existingUploads = await filesUnder(settings.uploadDir);

  if (settings.databaseUrl) {
    const url = settings.databaseUrl;
    await withClient(url, async (c) => {
      await checkToolVersion(c, 'pg_restore');
      const tables = await tableCount(c);
      if (tables > 0 && !opts.force)
        throw new BackupError(
          `The database is not empty (${tables} table${tables === 1 ? '' : 's'}): restore into a new, empty database, or pass --force to replace everything in it.`,
        );
      if (existingUploads.length > 0 && !opts.force) throw uploadsNotEmpty(settings.uploadDir, existingUploads.length);
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
    if (existingUploads.length > 0 && !opts.force) throw uploadsNotEmpty(settings.uploadDir, existingUploads.length);
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

  if (existingUploads.length > 0) await rm(settings.uploadDir, { recursive: true, force: true });
  await mkdir(settings.uploadDir, { recursive: true });
  await run('tar', ['-xf', path.join(folder, 'uploads.tar'), '-C', settings.uploadDir]);
  for (const entry of manifest.uploads) {
    const full = path.join(settings.uploadDir, entry.path);
    if (!existsSync(full) || (await sha256Of(full)) !== entry.sha256)
      throw new BackupError(`Uploaded file ${entry.path} did not restore byte-equal: the backup is damaged.`);
  }
  log(
    `${manifest.uploads.length} uploaded file(s) restored into ${settings.uploadDir}, each checked against its checksum.`,
  );
  return manifest;
}

function uploadsNotEmpty(dir: string, n: number): BackupError {
  return new BackupError(
    `UPLOAD_DIR ${dir} already holds ${n} file(s): restore into an empty folder, or pass --force to replace them.`,
  );
}
