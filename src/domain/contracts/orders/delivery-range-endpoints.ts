import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { deliversToParams, deliversToQuery, deliversToResponse } from './delivers-to';

/** Checkout's delivery range check before Place Order (docs/product/customer.md#checkout). */
export const deliveryRangeEndpoints = {
  getSitesBySiteIdDeliversTo: api('GET /api/sites/:siteId/delivers-to', POLICIES.public)
    .summary("Whether the branch's delivery radius reaches a postcode, by the rule placing an order enforces")
    .takes({ params: deliversToParams, query: deliversToQuery })
    .answers({ 200: deliversToResponse }),
};
