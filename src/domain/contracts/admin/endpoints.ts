import { adminFinanceEndpoints } from './finance-endpoints';
import { cityOpeningEndpoints } from './city-opening-endpoints';
import { adminNotificationEndpoints } from './notifications-endpoints';
import {
  adminOverviewResponse,
  adminProfileResponse,
  citySuggestionsResponse,
  pendingDriversResponse,
} from './overview';
import { POLICIES, adminArea } from '../../policies';
import {
  activeJobsResponse,
  changeDriverStatusBody,
  changeDriverStatusResponse,
  documentPreviewParams,
  driverDocumentsResponse,
  driverParams,
  listDriversQuery,
  listDriversResponse,
} from './drivers';
import { reportQuery, reportResponse } from './reports';
import { z } from 'zod';
import {
  inviteAcceptResponse,
  inviteBody,
  inviteLookupResponse,
  inviteParams,
  inviteResponse,
  inviteSignUpBody,
  inviteTokenBody,
  memberParams,
  memberStatusBody,
  memberStatusResponse,
  teamResponse,
} from './team';
import { api, raw } from '../endpoint';
import { orderConsoleEndpoints } from './order-console-endpoints';
import { teamRoleEndpoints } from './team-role-endpoints';
import { restaurantsEndpoints } from './restaurants-endpoints';
import { adminPayoutEndpoints } from './payouts-endpoints';
import { dispatchMapEndpoints } from './dispatch-map-endpoints';

/** The admin endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const adminEndpoints = {
  ...orderConsoleEndpoints,
  ...adminPayoutEndpoints,
  getAdminDriversPendingCount: api('GET /api/admin/drivers/pending-count', adminArea('drivers')).answers({
    200: pendingDriversResponse,
  }),
  getAdminDrivers: api('GET /api/admin/drivers', adminArea('drivers'))
    .takes({ query: listDriversQuery })
    .answers({ 200: listDriversResponse }),
  getAdminDriversByDriverIdDocuments: api('GET /api/admin/drivers/:driverId/documents', adminArea('drivers'))
    .takes({ params: driverParams })
    .answers({ 200: driverDocumentsResponse }),
  getAdminDriversByDriverIdDocumentsByKindPreview: api(
    'GET /api/admin/drivers/:driverId/documents/:kind/preview',
    adminArea('drivers'),
  )
    .takes({ params: documentPreviewParams })
    .answers({ 200: raw('file', 'image/* or application/pdf', 'The document, framed by the admin page only') }),
  postAdminDriversByDriverIdStatus: api('POST /api/admin/drivers/:driverId/status', adminArea('drivers'))
    .takes({ params: driverParams, body: changeDriverStatusBody })
    .answers({ 200: changeDriverStatusResponse }),
  getAdminJobs: api('GET /api/admin/jobs', adminArea('drivers')).answers({ 200: activeJobsResponse }),
  getAdminReports: api('GET /api/admin/reports', adminArea('reports'))
    .takes({ query: reportQuery })
    .answers({ 200: reportResponse }),
  getAdminReportsExport: api('GET /api/admin/reports/export', adminArea('reports'))
    .takes({ query: reportQuery })
    .answers({ 200: raw('csv', 'text/csv', 'The report as a CSV download') }),
  getAdminOverview: api('GET /api/admin/overview', adminArea('overview')).answers({ 200: adminOverviewResponse }),
  getAdminCitySuggestions: api('GET /api/admin/city-suggestions', adminArea('overview')).answers({
    200: citySuggestionsResponse,
  }),
  getAdminProfile: api('GET /api/admin/profile', POLICIES.anyAdmin).answers({ 200: adminProfileResponse }),
  postAdminSessionTouch: api('POST /api/admin/session/touch', POLICIES.anyAdmin).answers({
    200: z.object({ ok: z.literal(true) }),
  }),
  getAdminTeam: api('GET /api/admin/team', adminArea('team')).answers({ 200: teamResponse }),
  postAdminTeamInvites: api('POST /api/admin/team/invites', adminArea('team'))
    .takes({ body: inviteBody })
    .answers({ 201: inviteResponse }),
  postAdminTeamInvitesByIdRevoke: api('POST /api/admin/team/invites/:id/revoke', adminArea('team'))
    .takes({ params: inviteParams })
    .answers({ 200: z.object({ ok: z.literal(true) }) }),
  postAdminTeamMembersByIdStatus: api('POST /api/admin/team/members/:id/status', adminArea('team'))
    .takes({ params: memberParams, body: memberStatusBody })
    .answers({ 200: memberStatusResponse }),
  postAdminInvitationsLookup: api('POST /api/admin/invitations/lookup', POLICIES.public)
    .summary('The invite link: anyone holding the token may see the invite and create the invited account.')
    .takes({ body: inviteTokenBody })
    .answers({ 200: inviteLookupResponse }),
  postAdminInvitationsSignUp: api('POST /api/admin/invitations/sign-up', POLICIES.public)
    .takes({ body: inviteSignUpBody })
    .answers({ 201: inviteAcceptResponse }),
  postAdminInvitationsAccept: api('POST /api/admin/invitations/accept', POLICIES.signedIn)
    .takes({ body: inviteTokenBody })
    .answers({ 200: inviteAcceptResponse }),
  ...teamRoleEndpoints,
  ...adminNotificationEndpoints,
  ...adminFinanceEndpoints,
  ...cityOpeningEndpoints,
  ...restaurantsEndpoints,
  ...dispatchMapEndpoints,
};
