import {
  certificateView,
  halalSiteParams,
  partnerHalalResponse,
  saveHalalFactsBody,
  submitCertificateBody,
} from './partner-halal';
import { POLICIES, adminArea } from '../../policies';
import {
  adminCertificatesQuery,
  adminCertificatesResponse,
  adminSiteHalalResponse,
  certificateParams,
  rejectCertificateBody,
  reviewCertificateResponse,
  siteHalalActionBody,
  siteParams,
  ticketParams,
} from './admin-halal';
import { halalConcernBody, halalConcernResponse, halalDetailsResponse, restaurantSlugParams } from './public-halal';
import { orderRefParams, orderTokenHeaders } from '../orders/order-view';
import { api, raw } from '../endpoint';

/** The halal endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const halalEndpoints = {
  getPartnerSitesBySiteIdHalal: api('GET /api/partner/sites/:siteId/halal', POLICIES.partner)
    .summary("Partners: their location's halal section. There is no route that sets a halal status.")
    .takes({ params: halalSiteParams })
    .answers({ 200: partnerHalalResponse }),
  postPartnerSitesBySiteIdHalalCertificates: api('POST /api/partner/sites/:siteId/halal/certificates', POLICIES.partner)
    .takes({ params: halalSiteParams, body: submitCertificateBody })
    .answers({ 201: certificateView }),
  putPartnerSitesBySiteIdHalalFacts: api('PUT /api/partner/sites/:siteId/halal/facts', POLICIES.partner)
    .takes({ params: halalSiteParams, body: saveHalalFactsBody })
    .answers({ 200: partnerHalalResponse }),
  getAdminHalalCertificates: api('GET /api/admin/halal/certificates', adminArea('halal'))
    .summary('Verifiers (area halal: super_admin, ops_manager).')
    .takes({ query: adminCertificatesQuery })
    .answers({ 200: adminCertificatesResponse }),
  getAdminHalalCertificatesByCertificateId: api('GET /api/admin/halal/certificates/:certificateId', adminArea('halal'))
    .takes({ params: certificateParams })
    .answers({ 200: reviewCertificateResponse }),
  getAdminHalalCertificatesByCertificateIdPreview: api(
    'GET /api/admin/halal/certificates/:certificateId/preview',
    adminArea('halal'),
  )
    .takes({ params: certificateParams })
    .answers({ 200: raw('file', 'image/* or application/pdf', 'The certificate, framed by the admin page only') }),
  postAdminHalalCertificatesByCertificateIdApprove: api(
    'POST /api/admin/halal/certificates/:certificateId/approve',
    adminArea('halal'),
  )
    .takes({ params: certificateParams })
    .answers({ 200: reviewCertificateResponse }),
  postAdminHalalCertificatesByCertificateIdReject: api(
    'POST /api/admin/halal/certificates/:certificateId/reject',
    adminArea('halal'),
  )
    .takes({ params: certificateParams, body: rejectCertificateBody })
    .answers({ 200: reviewCertificateResponse }),
  getAdminHalalSitesBySiteId: api('GET /api/admin/halal/sites/:siteId', adminArea('halal'))
    .takes({ params: siteParams })
    .answers({ 200: adminSiteHalalResponse }),
  getAdminHalalTicketsByTicketIdSite: api('GET /api/admin/halal/tickets/:ticketId/site', adminArea('halal'))
    .takes({ params: ticketParams })
    .answers({ 200: adminSiteHalalResponse }),
  postAdminHalalSitesBySiteIdSuspend: api('POST /api/admin/halal/sites/:siteId/suspend', adminArea('halal'))
    .takes({ params: siteParams, body: siteHalalActionBody })
    .answers({ 200: adminSiteHalalResponse }),
  postAdminHalalSitesBySiteIdReinstate: api('POST /api/admin/halal/sites/:siteId/reinstate', adminArea('halal'))
    .takes({ params: siteParams, body: siteHalalActionBody })
    .answers({ 200: adminSiteHalalResponse }),
  getRestaurantsBySlugHalal: api('GET /api/restaurants/:slug/halal', POLICIES.public)
    .summary('Customers and visitors.')
    .takes({ params: restaurantSlugParams })
    .answers({ 200: halalDetailsResponse }),
  postRestaurantsBySlugHalalConcerns: api('POST /api/restaurants/:slug/halal-concerns', POLICIES.public)
    .takes({ params: restaurantSlugParams, body: halalConcernBody })
    .answers({ 201: halalConcernResponse }),
  postOrdersByOrderNumberHalalConcerns: api('POST /api/orders/:orderNumber/halal-concerns', POLICIES.public)
    .takes({ params: orderRefParams, headers: orderTokenHeaders, body: halalConcernBody })
    .answers({ 201: halalConcernResponse }),
};
