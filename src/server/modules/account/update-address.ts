import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateAddressBody } from '../../../domain/contracts/account/addresses';
import type { Db } from '../../db/client';
import { customerAddresses } from '../../db/schema/index';
import type { Geocoder } from '../geo';
import { checkedPostcode, clearDefault, lockCustomerAddresses, ownAddress, toAddress } from './addresses';

/**
 * Edits an address. isDefault true moves the default here (the old one is cleared in the same
 * transaction); false on the default is ignored, as one address must stay default (docs/decisions/0013-account-addresses-rating-and-reports.md).
 */
export async function updateAddress(
  db: Db,
  geocoder: Geocoder,
  customerId: string,
  id: string,
  body: z.infer<typeof updateAddressBody>,
) {
  const postcode = body.postcode !== undefined ? checkedPostcode(body.postcode) : undefined;
  const point = postcode ? await geocoder.geocode(postcode) : null;
  const row = await db.transaction(async (tx) => {
    await lockCustomerAddresses(tx, customerId);
    const current = await ownAddress(tx, customerId, id);
    const makeDefault = body.isDefault === true && !current.isDefault;
    if (makeDefault) await clearDefault(tx, customerId);
    const [updated] = await tx
      .update(customerAddresses)
      .set({
        ...(body.label !== undefined ? { label: body.label || null } : {}),
        ...(body.addressLine1 !== undefined ? { addressLine1: body.addressLine1 } : {}),
        ...(body.addressLine2 !== undefined ? { addressLine2: body.addressLine2 || null } : {}),
        ...(body.city !== undefined ? { city: body.city } : {}),
        ...(postcode ? { postcode, lat: point?.lat ?? null, lng: point?.lng ?? null } : {}),
        ...(body.deliveryInstructions !== undefined ? { deliveryInstructions: body.deliveryInstructions || null } : {}),
        ...(makeDefault ? { isDefault: true } : {}),
        updatedAt: new Date(),
      })
      .where(eq(customerAddresses.id, current.id))
      .returning();
    return updated;
  });
  return toAddress(row);
}
