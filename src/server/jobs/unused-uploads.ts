import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { startSweeper } from '../platform/sweeper';
import type { UploadStorage } from '../platform/upload-storage';

/** An upload nobody refers to is kept this long: long enough to fill in the form it was chosen on. */
export const UNUSED_UPLOAD_AGE_MS = 24 * 60 * 60_000;
/** Uploads deleted per pass; a backlog drains over the following passes. */
const BATCH = 100;
export const UNUSED_UPLOADS_INTERVAL_MS = 60 * 60_000;

type Deps = { db: Db; storage: UploadStorage };

/** The upload id in a stored address (/api/uploads/{id}, alone or at the end of a full URL). */
const ADDRESS_ID = '/api/uploads/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/**
 * Every column that refers to an upload, by id or by address
 * (docs/decisions/0205-upload-limits-and-sweeping.md). A new one must be added here, or its uploads
 * are deleted a day after they are stored.
 */
export const UPLOAD_REFERENCES = {
  byId: [
    ['driver_documents', 'upload_id'],
    ['halal_certificates', 'upload_id'],
    ['delivery_jobs', 'proof_upload_id'],
  ],
  byAddress: [
    ['menu_items', 'image_url'],
    ['brands', 'logo_url'],
    ['sites', 'image_url'],
    ['user_profiles', 'avatar_url'],
    ['user', 'image'],
  ],
} as const;

/** True for an upload row `u` that no column refers to. */
function unreferenced(): SQL {
  const byId = UPLOAD_REFERENCES.byId.map(
    ([table, column]) =>
      sql`not exists (select 1 from ${sql.identifier(table)} r where r.${sql.identifier(column)} = u.id)`,
  );
  const byAddress = UPLOAD_REFERENCES.byAddress.map(
    ([table, column]) =>
      sql`not exists (select 1 from ${sql.identifier(table)} r where substring(lower(r.${sql.identifier(column)}) from ${ADDRESS_ID}) = u.id::text)`,
  );
  return sql.join([...byId, ...byAddress], sql` and `);
}

/**
 * One pass: deletes uploads older than a day that nothing refers to, rows first, then their files.
 * The rows are claimed with FOR UPDATE SKIP LOCKED, so processes sweeping at once never share one,
 * and checked again in a second statement once locked: a reference committed in between (a driver's
 * application naming an old upload) is then seen and the upload kept, and one arriving after waits
 * for the lock (a foreign key) and finds the row gone. A file is removed after the commit, from the
 * folder or the bucket (docs/decisions/0242-uploads-in-object-storage.md); one already missing is
 * not an error, one that cannot be removed is counted in `filesLeft`.
 */
export async function sweepUnusedUploadsOnce(
  deps: Deps,
  now: Date = new Date(),
): Promise<{ deleted: number; filesLeft: number }> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_AGE_MS).toISOString();
  const deleted = await deps.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: string }>(sql`
      select u.id from uploads u
      where u.created_at < ${cutoff}::timestamptz and ${unreferenced()}
      order by u.created_at
      limit ${BATCH}
      for update of u skip locked`);
    const ids = claimed.rows.map((r) => r.id);
    if (!ids.length) return [];
    const gone = await tx.execute<{ storage_key: string }>(sql`
      delete from uploads u
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and ${unreferenced()}
      returning u.storage_key`);
    return gone.rows.map((r) => r.storage_key);
  });
  let filesLeft = 0;
  for (const key of deleted) {
    // The folder storage refuses a key that leads out of its folder (storeUpload writes "<purpose>/<id>.<ext>").
    await deps.storage.delete(key).catch(() => {
      filesLeft++;
    });
  }
  return { deleted: deleted.length, filesLeft };
}

/** Runs the pass hourly until stopped, the first a minute after start; passes never overlap in this process. */
export function startUnusedUploadsSweeper(
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = UNUSED_UPLOADS_INTERVAL_MS,
): () => Promise<void> {
  return startSweeper({
    name: 'unused-uploads',
    intervalMs,
    firstPassAfterMs: 60_000,
    pass: () => sweepUnusedUploadsOnce(deps),
    log,
  });
}
