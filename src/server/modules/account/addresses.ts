import { and, desc, eq, sql } from 'drizzle-orm';
import { fullPostcode } from '../../../domain/checkout';
import type { CustomerAddress } from '../../../domain/contracts/account/addresses';
import { AppError } from '../../../domain/errors';
import type { Db, Tx } from '../../db/client';
import { customerAddresses } from '../../db/schema/index';

type AddressRow = typeof customerAddresses.$inferSelect;

export function toAddress(r: AddressRow): CustomerAddress {
  return {
    id: r.id,
    label: r.label,
    addressLine1: r.addressLine1,
    addressLine2: r.addressLine2,
    city: r.city,
    postcode: r.postcode,
    deliveryInstructions: r.deliveryInstructions,
    isDefault: r.isDefault,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A valid UK postcode, normalised for storage ("e16an" -> "E1 6AN"). */
export function checkedPostcode(text: string): string {
  const p = fullPostcode(text);
  if (!p) throw new AppError('VALIDATION_ERROR', 'Please enter a valid UK postcode', { field: 'postcode' });
  return p;
}

/**
 * Serialises one customer's address changes: the "exactly one default" rule reads and then writes
 * several rows, and two tabs saving at once must not both make a default.
 */
export async function lockCustomerAddresses(tx: Tx, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${customerId}`}))`);
}

/** The customer's own address, or 404: someone else's address looks like a missing one. */
export async function ownAddress(db: Db | Tx, customerId: string, id: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Address not found');
  return row;
}

/** Default first, then the most recent. */
export async function listAddresses(db: Db, customerId: string): Promise<CustomerAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), desc(customerAddresses.id));
  return rows.map(toAddress);
}

/** Clears the current default so another row can take it (the partial unique index allows one). */
export async function clearDefault(tx: Tx, customerId: string): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefault, true)));
}
