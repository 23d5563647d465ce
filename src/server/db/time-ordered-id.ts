import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { uuid } from 'drizzle-orm/pg-core';

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix time in milliseconds, then 74 random bits. Rows of
 * the busiest tables get ids in the order they are written, so their primary key (and every key
 * that starts with the id, such as an outbox row's `order:<id>:…` dedupe key) grows at its right
 * edge instead of touching a random page of the index on every insert: the embedded database's
 * small buffer pool keeps up with the writes (docs/decisions/0183-order-placement-cpu.md). The ids
 * stay unguessable (74 random bits); they tell when the row was made, as its created_at does.
 */
export function uuidv7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The `id` primary key drawn by the database's `uuid_v7()` (the same layout as uuidv7 above). */
export const timeOrderedId = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`);
