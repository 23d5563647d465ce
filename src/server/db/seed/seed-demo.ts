import { hashPassword } from 'better-auth/crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import type { UploadStorage } from '../../platform/upload-storage';
import { SETTING_DEFAULTS } from '../../../domain/settings';
import { user, userProfiles } from '../schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { insertAccount } from './insert-account';
import { seedCatalog } from './seed-catalog';
import { seedDriverDocuments } from './seed-driver-documents';
import { seedHalal } from './seed-halal';
import { seedSettings } from './seed-settings';
import { seedDishPhotos, seedExtraDishes } from './seed-dish-extras';
import { seedReviews } from './seed-reviews';

/**
 * Seeds demo mode: the demo accounts, platform settings, the 20 cities and the demo restaurants.
 * Runs at every start in demo mode and adds only what is missing, so restarts keep all data.
 */
export async function seedDemo(
  db: Db,
  opts: {
    log?: (message: string) => void;
    /** Where the demo's files go (driver documents, certificates, dish photos); without it, none are seeded. */
    storage?: UploadStorage;
    /**
     * The reviews, dish photos and peanut dishes that make customer features visible (on unless
     * false); tests that set their own ratings and check whole menus leave them out.
     */
    showcase?: boolean;
  } = {},
): Promise<void> {
  const log = opts.log ?? (() => undefined);
  let created = 0;
  let passwordHash: string | null = null;
  const ids: Record<string, string> = {};
  for (const a of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, a.email));
    if (existing) {
      ids[a.email] = existing.id;
      continue;
    }
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    ids[a.email] = await insertAccount(db, a, passwordHash);
    created++;
  }
  if (created) log(`demo: created ${created} demo accounts (password ${DEMO_PASSWORD})`);
  // Demo drivers and partners have accepted today's terms, also those created before terms were
  // recorded, so the server does not refuse their work (docs/decisions/0154-terms-acceptance.md).
  // One who accepted an older version after an admin moved it on is left to accept the new one.
  const asked = DEMO_ACCOUNTS.filter((a) => a.userType === 'driver' || a.userType === 'partner').map(
    (a) => ids[a.email],
  );
  await db
    .update(userProfiles)
    .set({ termsVersion: SETTING_DEFAULTS.terms_version, termsAcceptedAt: new Date() })
    .where(and(inArray(userProfiles.userId, asked), isNull(userProfiles.termsVersion)));
  await seedSettings(db);
  const summary = await seedCatalog(db, { partnerUserId: ids['partner@halalnosh.test'] });
  if (summary) log(`demo: ${summary}`);
  if (opts.storage)
    await seedDriverDocuments(db, { storage: opts.storage, driverId: ids['pending.driver@halalnosh.test'] });
  if (opts.storage) await seedHalal(db, { storage: opts.storage });
  // What makes each customer feature visible (docs/product/customer.md#demo-data): peanut dishes,
  // dish photos, and reviews from demo customers on orders they collected.
  if (opts.showcase === false) return;
  const dishes = await seedExtraDishes(db);
  if (dishes) log(`demo: added ${dishes} peanut dishes`);
  if (opts.storage) {
    const photos = await seedDishPhotos(db, {
      storage: opts.storage,
      ownerId: ids['admin@halalnosh.test'] ?? null,
    });
    if (photos) log(`demo: gave ${photos} dishes a photo`);
  }
  const reviewed = await seedReviews(db, {
    passwordHash: async () => (passwordHash ??= await hashPassword(DEMO_PASSWORD)),
  });
  if (reviewed) log(`demo: added ${reviewed} reviews`);
}
