import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { driverCashResponse } from '../money';

/** The driver's cash balance on the earnings page (docs/product/driver.md#cash). */
export const driverCashEndpoints = {
  getDriverCash: api('GET /api/driver/cash', POLICIES.approvedDriver)
    .summary('The cash the driver collected, handed in and still holds')
    .answers({ 200: driverCashResponse }),
};
