import { itemParams, menuParams, menuSiteParams, sectionParams, siteItemParams, siteMenuResponse } from './menu';
import { POLICIES } from '../../policies';
import {
  createSectionBody,
  itemOrderBody,
  okResponse,
  quickSectionsResponse,
  sectionOrderBody,
  sectionResponse,
  updateSectionBody,
} from './sections';
import { createItemBody, itemResponse, updateItemBody } from './items';
import { overrideBody, overrideResponse } from './overrides';
import { api } from '../endpoint';
import { menuOptionsEndpoints } from './options-endpoints';

/** The menu endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const menuEndpoints = {
  getPartnerSitesBySiteIdMenu: api('GET /api/partner/sites/:siteId/menu', POLICIES.partner)
    .takes({ params: menuSiteParams })
    .answers({ 200: siteMenuResponse }),
  postPartnerSitesBySiteIdMenu: api('POST /api/partner/sites/:siteId/menu', POLICIES.partner)
    .takes({ params: menuSiteParams })
    .answers({ 200: siteMenuResponse, 201: siteMenuResponse }),
  postPartnerMenusByMenuIdSections: api('POST /api/partner/menus/:menuId/sections', POLICIES.partner)
    .takes({ params: menuParams, body: createSectionBody })
    .answers({ 201: sectionResponse }),
  postPartnerMenusByMenuIdQuickSections: api('POST /api/partner/menus/:menuId/quick-sections', POLICIES.partner)
    .takes({ params: menuParams })
    .answers({ 201: quickSectionsResponse }),
  putPartnerMenusByMenuIdSectionOrder: api('PUT /api/partner/menus/:menuId/section-order', POLICIES.partner)
    .takes({ params: menuParams, body: sectionOrderBody })
    .answers({ 200: okResponse }),
  patchPartnerSectionsBySectionId: api('PATCH /api/partner/sections/:sectionId', POLICIES.partner)
    .takes({ params: sectionParams, body: updateSectionBody })
    .answers({ 200: okResponse }),
  deletePartnerSectionsBySectionId: api('DELETE /api/partner/sections/:sectionId', POLICIES.partner)
    .takes({ params: sectionParams })
    .answers({ 200: okResponse }),
  putPartnerSectionsBySectionIdItemOrder: api('PUT /api/partner/sections/:sectionId/item-order', POLICIES.partner)
    .takes({ params: sectionParams, body: itemOrderBody })
    .answers({ 200: okResponse }),
  postPartnerSectionsBySectionIdItems: api('POST /api/partner/sections/:sectionId/items', POLICIES.partner)
    .takes({ params: sectionParams, body: createItemBody })
    .answers({ 201: itemResponse }),
  patchPartnerItemsByItemId: api('PATCH /api/partner/items/:itemId', POLICIES.partner)
    .takes({ params: itemParams, body: updateItemBody })
    .answers({ 200: itemResponse }),
  deletePartnerItemsByItemId: api('DELETE /api/partner/items/:itemId', POLICIES.partner)
    .takes({ params: itemParams })
    .answers({ 200: okResponse }),
  putPartnerSitesBySiteIdItemsByItemIdOverride: api(
    'PUT /api/partner/sites/:siteId/items/:itemId/override',
    POLICIES.partner,
  )
    .takes({ params: siteItemParams, body: overrideBody })
    .answers({ 200: overrideResponse }),
  ...menuOptionsEndpoints,
};
