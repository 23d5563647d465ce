import { adminArea } from '../../policies';
import { api } from '../endpoint';
import {
  adminVoucherResponse,
  adminVouchersResponse,
  createVoucherBody,
  voucherParams,
  voucherUsageResponse,
} from './vouchers';

/** Platform vouchers in the back office (docs/product/admin.md#vouchers). */
export const vouchersEndpoints = {
  getAdminVouchers: api('GET /api/admin/vouchers', adminArea('vouchers'))
    .summary('Platform vouchers with what each has paid out')
    .answers({ 200: adminVouchersResponse }),
  postAdminVouchers: api('POST /api/admin/vouchers', adminArea('vouchers'))
    .summary('Create a platform voucher; the server makes its code')
    .takes({ body: createVoucherBody })
    .answers({ 201: adminVoucherResponse }),
  postAdminVouchersByVoucherIdEnd: api('POST /api/admin/vouchers/:voucherId/end', adminArea('vouchers'))
    .summary('End a voucher now: checkout refuses its code from then on')
    .takes({ params: voucherParams })
    .answers({ 200: adminVoucherResponse }),
  getAdminVouchersByVoucherIdUsage: api('GET /api/admin/vouchers/:voucherId/usage', adminArea('vouchers'))
    .summary('The orders a voucher was used on')
    .takes({ params: voucherParams })
    .answers({ 200: voucherUsageResponse }),
};
