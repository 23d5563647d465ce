import { randomUUID } from 'node:crypto';
import { postcodeArea } from '../../../domain/topics';
import type { DbOrTx } from '../client';
import { account, teamMembers, user, userProfiles } from '../schema/index';
import { createGeocoder } from '../../modules/geo';
import type { DemoAccount } from './demo-accounts';
import { storedPhone } from '../../../domain/phone';

/**
 * Creates a confirmed e-mail/password account with its profile (and team row for admins) in one
 * transaction. Used by the demo seed and by tests; real users come through better-auth sign-up.
 */
export async function insertAccount(db: DbOrTx, a: DemoAccount, passwordHash: string): Promise<string> {
  const id = randomUUID();
  const email = a.email.toLowerCase();
  const [first, ...rest] = a.name.split(' ');
  // A driver's postcode centre is the centre of their job radius (docs/decisions/0158-dispatch-by-distance.md).
  const home = a.driver ? await createGeocoder(null).geocode(a.driver.postcode) : null;
  // Only drivers and partners accept terms (docs/decisions/0154-terms-acceptance.md); a real account
  // made here (a staff member accepting an invitation) has accepted none yet.
  const asked = a.userType === 'driver' || a.userType === 'partner';
  const termsVersion = asked ? (a.termsVersion ?? null) : null;
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id,
      name: a.name,
      email,
      emailVerified: true,
      userType: a.userType === 'driver' ? 'driver' : 'customer',
    });
    await tx
      .insert(account)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
    await tx.insert(userProfiles).values({
      userId: id,
      userType: a.userType,
      email,
      displayName: a.name,
      firstName: first,
      lastName: rest.join(' '),
      phone: storedPhone(a.phone),
      status: a.status ?? null,
      adminRole: a.adminRole ?? null,
      vehicleType: a.driver?.vehicle ?? null,
      drivingLicenceNumber: a.driver?.licence ?? null,
      currentPostcode: a.driver?.postcode ?? null,
      currentArea: a.driver ? postcodeArea(a.driver.postcode) : null,
      homeLat: home?.lat ?? null,
      homeLng: home?.lng ?? null,
      isOnline: a.driver?.online ?? false,
      termsVersion,
      termsAcceptedAt: termsVersion ? new Date() : null,
    });
    if (a.adminRole) {
      await tx.insert(teamMembers).values({ userId: id, fullName: a.name, email, role: a.adminRole });
    }
  });
  return id;
}
