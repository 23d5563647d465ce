import { adminArea } from '../../policies';
import { api } from '../endpoint';
import {
  cashHandinBody,
  cashHandinResponse,
  driverCashListResponse,
  driverCashParams,
  periodQuery,
  reconciliationResponse,
} from '../money';

/**
 * Finance in the back office (docs/product/admin.md#finance): the reconciliation and the drivers'
 * cash, for the roles of the Reports area (super_admin, ops_manager, finance).
 */
export const adminFinanceEndpoints = {
  getAdminFinanceReconciliation: api('GET /api/admin/finance/reconciliation', adminArea('reports'))
    .summary('Customer totals, fees, driver pay, margin and subsidy per London day')
    .takes({ query: periodQuery })
    .answers({ 200: reconciliationResponse }),
  getAdminFinanceDriverCash: api('GET /api/admin/finance/driver-cash', adminArea('reports'))
    .summary("Every driver's cash collected, handed in and still held")
    .answers({ 200: driverCashListResponse }),
  postAdminDriversByDriverIdCashHandins: api('POST /api/admin/drivers/:driverId/cash-handins', adminArea('reports'))
    .summary('Record cash a driver handed in')
    .takes({ params: driverCashParams, body: cashHandinBody })
    .answers({ 201: cashHandinResponse }),
};
