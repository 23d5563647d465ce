import type { FastifyInstance } from 'fastify';
import { vouchersEndpoints } from '../../../domain/contracts/vouchers/endpoints';
import { route } from '../../http/route';
import { createVoucher } from './create-voucher';
import { endVoucher } from './end-voucher';
import { listVouchers } from './list-vouchers';
import { voucherUsage } from './voucher-usage';

/** Platform vouchers in the back office (docs/product/admin.md#vouchers): thin, the use cases decide. */
export function voucherRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  route(app, vouchersEndpoints.getAdminVouchers, async () => ({ vouchers: await listVouchers(db) }));
  route(app, vouchersEndpoints.postAdminVouchers, async (request, reply) =>
    reply.status(201).send({ voucher: await createVoucher(db, request.actor!, request.body) }),
  );
  route(app, vouchersEndpoints.postAdminVouchersByVoucherIdEnd, async (request) => ({
    voucher: await endVoucher(db, request.actor!, request.params.voucherId),
  }));
  route(app, vouchersEndpoints.getAdminVouchersByVoucherIdUsage, async (request) =>
    voucherUsage(db, request.params.voucherId),
  );
}
