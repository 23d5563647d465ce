import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createAddressBody } from '../../../domain/contracts/account/addresses';
import type { Db } from '../../db/client';
import { customerAddresses } from '../../db/schema/index';
import type { Geocoder } from '../geo';
import { checkedPostcode, clearDefault, lockCustomerAddresses, toAddress } from './addresses';

/** Saves a new address; the customer's first address is their default whatever they asked. */
export async function createAddress(
  db: Db,
  geocoder: Geocoder,
  customerId: string,
  body: z.infer<typeof createAddressBody>,
) {
  const postcode = checkedPostcode(body.postcode);
  const point = await geocoder.geocode(postcode);
  const row = await db.transaction(async (tx) => {
    await lockCustomerAddresses(tx, customerId);
    const existing = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId))
      .limit(1);
    const isDefault = existing.length === 0 || body.isDefault === true;
    if (isDefault) await clearDefault(tx, customerId);
    const [created] = await tx
      .insert(customerAddresses)
      .values({
        customerId,
        label: body.label || null,
        addressLine1: body.addressLine1,
        addressLine2: body.addressLine2 || null,
        city: body.city,
        postcode,
        deliveryInstructions: body.deliveryInstructions || null,
        lat: point?.lat ?? null,
        lng: point?.lng ?? null,
        isDefault,
      })
      .returning();
    return created;
  });
  return toAddress(row);
}
