import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { accountProfileResponse } from '../../../domain/contracts/account/get-profile';
import type { UpdateProfileBody } from '../../../domain/contracts/account/profile';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import { storedPhone } from '../../../domain/phone';

type Profile = z.infer<typeof accountProfileResponse>;
type ProfileRow = typeof userProfiles.$inferSelect;

function toProfile(p: ProfileRow): Profile {
  return {
    email: p.email,
    displayName: p.displayName,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The signed-in customer's own profile. */
export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [p] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  if (!p) throw new AppError('NOT_FOUND', 'Profile not found');
  return toProfile(p);
}

/**
 * Saves the customer's name and phone (docs/product/customer.md#profile); fields left out stay as
 * they are. Only these columns: the user type, status and e-mail are never the customer's to set here.
 */
export async function updateProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<Profile> {
  const changes: Partial<Pick<ProfileRow, 'firstName' | 'lastName' | 'displayName' | 'phone'>> = {};
  for (const key of ['firstName', 'lastName', 'displayName', 'phone'] as const) {
    const value = body[key];
    if (value !== undefined) changes[key] = key === 'phone' ? storedPhone(value) : value;
  }
  const [p] = await db
    .update(userProfiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId))
    .returning();
  if (!p) throw new AppError('NOT_FOUND', 'Profile not found');
  return toProfile(p);
}
