import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AdminVoucherView, CreateVoucherBody } from '../../../domain/contracts/vouchers/vouchers';
import { AppError } from '../../../domain/errors';
import { generateVoucherCode } from '../../../domain/vouchers';
import type { Db } from '../../db/client';
import { brands, vouchers } from '../../db/schema/index';
import { isUniqueViolation } from '../../platform/db-errors';
import { type AuditActor, recordAudit } from '../audit';
import { findVoucherView } from './list-vouchers';

/**
 * Creates a platform voucher with a code the server makes (docs/decisions/0255-voucher-codes-and-brute-force.md),
 * audited in the same transaction. A code already taken (a one-in-10^14 chance) is drawn again.
 */
export async function createVoucher(
  db: Db,
  actor: AuditActor & { userId: string },
  body: CreateVoucherBody,
): Promise<AdminVoucherView> {
  if (body.brandId) {
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brandId)).limit(1);
    if (!brand) throw new AppError('VALIDATION_ERROR', 'No such brand', { field: 'brandId' });
  }
  for (let attempt = 0; ; attempt++) {
    const code = generateVoucherCode((n) => randomBytes(n));
    try {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(vouchers)
          .values({
            code,
            name: body.name,
            kind: body.kind,
            amountMinor: body.kind === 'amount' ? (body.amountMinor ?? null) : null,
            percent: body.kind === 'percent' ? (body.percent ?? null) : null,
            maxDiscountMinor: body.kind === 'percent' ? (body.maxDiscountMinor ?? null) : null,
            minSpendMinor: body.minSpendMinor,
            startsAt: body.startsAt ? new Date(body.startsAt) : null,
            endsAt: body.endsAt ? new Date(body.endsAt) : null,
            budgetMinor: body.budgetMinor,
            perCustomerLimit: body.perCustomerLimit,
            firstOrderOnly: body.firstOrderOnly,
            citySlug: body.citySlug ?? null,
            brandId: body.brandId ?? null,
            createdBy: actor.userId,
          })
          .returning({ id: vouchers.id });
        await recordAudit(tx, {
          actionType: 'voucher_created',
          entityType: 'voucher',
          entityId: row.id,
          actor,
          details: { code, ...body },
        });
        return row.id;
      });
      return (await findVoucherView(db, id))!;
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err, 'vouchers_code_key')) continue;
      throw err;
    }
  }
}
