import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { itemResponse } from './items';
import { itemParams } from './menu';
import { itemOptionsBody } from './options';

/** The item options endpoints (docs/product/partner.md#item-options), spread into the menu area. */
export const menuOptionsEndpoints = {
  putPartnerItemsByItemIdOptions: api('PUT /api/partner/items/:itemId/options', POLICIES.partner)
    .takes({ params: itemParams, body: itemOptionsBody })
    .answers({ 200: itemResponse }),
};
