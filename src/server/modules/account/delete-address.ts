import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAddresses } from '../../db/schema/index';
import { lockCustomerAddresses, ownAddress } from './addresses';

/** Deletes an address; deleting the default promotes the most recent remaining one. */
export async function deleteAddress(db: Db, customerId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCustomerAddresses(tx, customerId);
    const current = await ownAddress(tx, customerId, id);
    await tx.delete(customerAddresses).where(eq(customerAddresses.id, current.id));
    if (!current.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId))
      .orderBy(desc(customerAddresses.createdAt), desc(customerAddresses.id))
      .limit(1);
    if (next)
      await tx
        .update(customerAddresses)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(customerAddresses.id, next.id));
  });
}
