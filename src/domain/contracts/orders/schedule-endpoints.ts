import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { siteSlotsParams, siteSlotsResponse } from './schedule';

/** Orders for later (docs/product/customer.md#order-for-later). */
export const scheduleEndpoints = {
  getSitesBySiteIdSlots: api('GET /api/sites/:siteId/slots', POLICIES.public)
    .summary("The branch's time slots for an order for later, with iftar and Jumu'ah slots")
    .takes({ params: siteSlotsParams })
    .answers({ 200: siteSlotsResponse }),
};
