import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { postcodeArea } from '../../../domain/topics';
import type { Db } from '../client';
import { account, teamMembers, user, userProfiles } from '../schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from './demo-accounts';
import { seedCatalog } from './seed-catalog';
import { seedSettings } from './seed-settings';

async function createAccount(db: Db, a: DemoAccount, passwordHash: string): Promise<string> {
  const id = randomUUID();
  const [first, ...rest] = a.name.split(' ');
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name: a.name, email: a.email, emailVerified: true, userType: a.userType === 'driver' ? 'driver' : 'customer' });
    await tx.insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    await tx.insert(userProfiles).values({
      userId: id,
      userType: a.userType,
      email: a.email,
      displayName: a.name,
      firstName: first,
      lastName: rest.join(' '),
      phone: a.phone ?? null,
      status: a.status ?? null,
      adminRole: a.adminRole ?? null,
      vehicleType: a.driver?.vehicle ?? null,
      drivingLicenceNumber: a.driver?.licence ?? null,
      currentPostcode: a.driver?.postcode ?? null,
      currentArea: a.driver ? postcodeArea(a.driver.postcode) : null,
      isOnline: a.driver?.online ?? false,
    });
    if (a.adminRole) {
      await tx.insert(teamMembers).values({ userId: id, fullName: a.name, email: a.email, role: a.adminRole });
    }
  });
  return id;
}

/**
 * Seeds demo mode: the demo accounts, platform settings, the 20 cities and the demo restaurants.
 * Runs at every start in demo mode and adds only what is missing, so restarts keep all data.
 */
export async function seedDemo(db: Db, opts: { log?: (message: string) => void } = {}): Promise<void> {
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
    ids[a.email] = await createAccount(db, a, passwordHash);
    created++;
  }
  if (created) log(`demo: created ${created} demo accounts (password ${DEMO_PASSWORD})`);
  await seedSettings(db);
  const summary = await seedCatalog(db, { partnerUserId: ids['partner@halalnosh.test'] });
  if (summary) log(`demo: ${summary}`);
}
