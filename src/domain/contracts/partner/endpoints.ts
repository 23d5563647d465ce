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
import { endpoint } from '../endpoint';
import { partnerOrderOpsEndpoints } from './order-ops-endpoints';
import { staffEndpoints } from './staff-endpoints';

/** The partner endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const partnerEndpoints = {
  getPartnerSitesBySiteIdOrders: endpoint({
    method: 'GET',
    path: '/api/partner/sites/:siteId/orders',
    policy: POLICIES.partner,
    summary: 'Get partner sites by site id orders',
    params: siteOrdersParams,
    responses: { 200: siteOrdersResponse },
  }),
  postPartnerOrdersByOrderIdHandOver: endpoint({
    method: 'POST',
    path: '/api/partner/orders/:orderId/hand-over',
    policy: POLICIES.partner,
    summary: 'Post partner orders by order id hand over',
    params: orderParams,
    body: handOverBody,
    responses: { 200: handOverResponse },
  }),
  getPartnerBrands: endpoint({
    method: 'GET',
    path: '/api/partner/brands',
    policy: POLICIES.partner,
    summary: 'Get partner brands',
    responses: { 200: listBrandsResponse },
  }),
  postPartnerBrands: endpoint({
    method: 'POST',
    path: '/api/partner/brands',
    policy: POLICIES.partner,
    summary: 'Post partner brands',
    body: createBrandBody,
    responses: { 201: saveBrandResponse },
  }),
  getPartnerBrandsByBrandId: endpoint({
    method: 'GET',
    path: '/api/partner/brands/:brandId',
    policy: POLICIES.partner,
    summary: 'Get partner brands by brand id',
    params: brandParams,
    responses: { 200: getBrandResponse },
  }),
  patchPartnerBrandsByBrandId: endpoint({
    method: 'PATCH',
    path: '/api/partner/brands/:brandId',
    policy: POLICIES.partner,
    summary: 'Patch partner brands by brand id',
    params: brandParams,
    body: updateBrandBody,
    responses: { 200: saveBrandResponse },
  }),
  getPartnerDashboard: endpoint({
    method: 'GET',
    path: '/api/partner/dashboard',
    policy: POLICIES.partner,
    summary: 'Get partner dashboard',
    query: dashboardQuery,
    responses: { 200: dashboardResponse },
  }),
  postPartnerBrandsByBrandIdSites: endpoint({
    method: 'POST',
    path: '/api/partner/brands/:brandId/sites',
    policy: POLICIES.partner,
    summary: 'Post partner brands by brand id sites',
    params: brandSitesParams,
    body: createSiteBody,
    responses: { 201: siteResponse },
  }),
  getPartnerSitesBySiteId: endpoint({
    method: 'GET',
    path: '/api/partner/sites/:siteId',
    policy: POLICIES.partner,
    summary: 'Get partner sites by site id',
    params: siteParams,
    responses: { 200: siteResponse },
  }),
  patchPartnerSitesBySiteId: endpoint({
    method: 'PATCH',
    path: '/api/partner/sites/:siteId',
    policy: POLICIES.partner,
    summary: 'Patch partner sites by site id',
    params: siteParams,
    body: updateSiteBody,
    responses: { 200: siteResponse },
  }),
  deletePartnerSitesBySiteId: endpoint({
    method: 'DELETE',
    path: '/api/partner/sites/:siteId',
    policy: POLICIES.partner,
    summary: 'Delete partner sites by site id',
    params: siteParams,
    responses: { 200: deleteSiteResponse },
  }),
  getPartnerBrandsByBrandIdInvitations: endpoint({
    method: 'GET',
    path: '/api/partner/brands/:brandId/invitations',
    policy: POLICIES.partner,
    summary: 'Get partner brands by brand id invitations',
    params: brandStaffParams,
    responses: { 200: listInvitationsResponse },
  }),
  postPartnerBrandsByBrandIdInvitations: endpoint({
    method: 'POST',
    path: '/api/partner/brands/:brandId/invitations',
    policy: POLICIES.partner,
    summary: 'Post partner brands by brand id invitations',
    params: brandStaffParams,
    body: createInvitationBody,
    responses: { 201: invitationResponse },
  }),
  deletePartnerInvitationsByInvitationId: endpoint({
    method: 'DELETE',
    path: '/api/partner/invitations/:invitationId',
    policy: POLICIES.partner,
    summary: 'Delete partner invitations by invitation id',
    params: invitationParams,
    responses: { 200: okResponse },
  }),
  getPartnerBrandsByBrandIdStaff: endpoint({
    method: 'GET',
    path: '/api/partner/brands/:brandId/staff',
    policy: POLICIES.partner,
    summary: 'Get partner brands by brand id staff',
    params: brandStaffParams,
    responses: { 200: listStaffResponse },
  }),
  postInvitationsLookup: endpoint({
    method: 'POST',
    path: '/api/invitations/lookup',
    policy: POLICIES.public,
    summary: 'Post invitations lookup',
    body: lookupInvitationBody,
    responses: { 200: lookupInvitationResponse },
  }),
  postInvitationsAccept: endpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    policy: POLICIES.public,
    summary: 'Post invitations accept',
    body: acceptInvitationBody,
    responses: { 200: acceptInvitationResponse },
  }),
  ...partnerOrderOpsEndpoints,
  ...staffEndpoints,
  ...partnerNotificationEndpoints,
};
