import { partnerStatementEndpoints } from './statement-endpoints';
import { partnerNotificationEndpoints } from './notifications-endpoints';
import { handOverBody, handOverResponse, orderParams, siteOrdersParams, siteOrdersResponse } from './orders';
import { POLICIES } from '../../policies';
import { brandParams, getBrandResponse, listBrandsResponse } from './brands';
import { createBrandBody, saveBrandResponse, updateBrandBody } from './save-brand';
import { dashboardQuery, dashboardResponse } from './dashboard';
import {
  brandSitesParams,
  createSiteBody,
  deleteSiteResponse,
  siteParams,
  siteResponse,
  updateSiteBody,
} from './sites';
import {
  acceptInvitationBody,
  acceptInvitationResponse,
  brandStaffParams,
  createInvitationBody,
  invitationParams,
  invitationResponse,
  listInvitationsResponse,
  listStaffResponse,
  lookupInvitationBody,
  lookupInvitationResponse,
} from './invitations';
import { okResponse } from '../menu/sections';
import { api } from '../endpoint';
import { partnerOrderOpsEndpoints } from './order-ops-endpoints';
import { staffEndpoints } from './staff-endpoints';
import { onboardingEndpoints } from './onboarding-endpoints';

/** The partner endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const partnerEndpoints = {
  getPartnerSitesBySiteIdOrders: api('GET /api/partner/sites/:siteId/orders', POLICIES.partner)
    .takes({ params: siteOrdersParams })
    .answers({ 200: siteOrdersResponse }),
  postPartnerOrdersByOrderIdHandOver: api('POST /api/partner/orders/:orderId/hand-over', POLICIES.partner)
    .takes({ params: orderParams, body: handOverBody })
    .answers({ 200: handOverResponse }),
  getPartnerBrands: api('GET /api/partner/brands', POLICIES.partner).answers({ 200: listBrandsResponse }),
  postPartnerBrands: api('POST /api/partner/brands', POLICIES.partner)
    .takes({ body: createBrandBody })
    .answers({ 201: saveBrandResponse }),
  getPartnerBrandsByBrandId: api('GET /api/partner/brands/:brandId', POLICIES.partner)
    .takes({ params: brandParams })
    .answers({ 200: getBrandResponse }),
  patchPartnerBrandsByBrandId: api('PATCH /api/partner/brands/:brandId', POLICIES.partner)
    .takes({ params: brandParams, body: updateBrandBody })
    .answers({ 200: saveBrandResponse }),
  getPartnerDashboard: api('GET /api/partner/dashboard', POLICIES.partner)
    .takes({ query: dashboardQuery })
    .answers({ 200: dashboardResponse }),
  postPartnerBrandsByBrandIdSites: api('POST /api/partner/brands/:brandId/sites', POLICIES.partner)
    .takes({ params: brandSitesParams, body: createSiteBody })
    .answers({ 201: siteResponse }),
  getPartnerSitesBySiteId: api('GET /api/partner/sites/:siteId', POLICIES.partner)
    .takes({ params: siteParams })
    .answers({ 200: siteResponse }),
  patchPartnerSitesBySiteId: api('PATCH /api/partner/sites/:siteId', POLICIES.partner)
    .takes({ params: siteParams, body: updateSiteBody })
    .answers({ 200: siteResponse }),
  deletePartnerSitesBySiteId: api('DELETE /api/partner/sites/:siteId', POLICIES.partner)
    .takes({ params: siteParams })
    .answers({ 200: deleteSiteResponse }),
  getPartnerBrandsByBrandIdInvitations: api('GET /api/partner/brands/:brandId/invitations', POLICIES.partner)
    .takes({ params: brandStaffParams })
    .answers({ 200: listInvitationsResponse }),
  postPartnerBrandsByBrandIdInvitations: api('POST /api/partner/brands/:brandId/invitations', POLICIES.partner)
    .takes({ params: brandStaffParams, body: createInvitationBody })
    .answers({ 201: invitationResponse }),
  deletePartnerInvitationsByInvitationId: api('DELETE /api/partner/invitations/:invitationId', POLICIES.partner)
    .takes({ params: invitationParams })
    .answers({ 200: okResponse }),
  getPartnerBrandsByBrandIdStaff: api('GET /api/partner/brands/:brandId/staff', POLICIES.partner)
    .takes({ params: brandStaffParams })
    .answers({ 200: listStaffResponse }),
  postInvitationsLookup: api('POST /api/invitations/lookup', POLICIES.public)
    .takes({ body: lookupInvitationBody })
    .answers({ 200: lookupInvitationResponse }),
  postInvitationsAccept: api('POST /api/invitations/accept', POLICIES.public)
    .takes({ body: acceptInvitationBody })
    .answers({ 200: acceptInvitationResponse }),
  ...partnerOrderOpsEndpoints,
  ...staffEndpoints,
  ...partnerNotificationEndpoints,
  ...partnerStatementEndpoints,
  ...onboardingEndpoints,
};
