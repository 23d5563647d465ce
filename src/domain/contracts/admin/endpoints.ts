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
import { endpoint } from '../endpoint';
import { orderConsoleEndpoints } from './order-console-endpoints';
import { teamRoleEndpoints } from './team-role-endpoints';

/** The admin endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const adminEndpoints = {
  ...orderConsoleEndpoints,
  getAdminDriversPendingCount: endpoint({
    method: 'GET',
    path: '/api/admin/drivers/pending-count',
    policy: adminArea('drivers'),
    summary: 'Get admin drivers pending count',
    responses: { 200: pendingDriversResponse },
  }),
  getAdminDrivers: endpoint({
    method: 'GET',
    path: '/api/admin/drivers',
    policy: adminArea('drivers'),
    summary: 'Get admin drivers',
    query: listDriversQuery,
    responses: { 200: listDriversResponse },
  }),
  getAdminDriversByDriverIdDocuments: endpoint({
    method: 'GET',
    path: '/api/admin/drivers/:driverId/documents',
    policy: adminArea('drivers'),
    summary: 'Get admin drivers by driver id documents',
    params: driverParams,
    responses: { 200: driverDocumentsResponse },
  }),
  getAdminDriversByDriverIdDocumentsByKindPreview: endpoint({
    method: 'GET',
    path: '/api/admin/drivers/:driverId/documents/:kind/preview',
    policy: adminArea('drivers'),
    summary: 'Get admin drivers by driver id documents by kind preview',
    params: documentPreviewParams,
    responses: {
      200: {
        kind: 'file',
        contentType: 'image/* or application/pdf',
        description: 'The document, framed by the admin page only',
      },
    },
  }),
  postAdminDriversByDriverIdStatus: endpoint({
    method: 'POST',
    path: '/api/admin/drivers/:driverId/status',
    policy: adminArea('drivers'),
    summary: 'Post admin drivers by driver id status',
    params: driverParams,
    body: changeDriverStatusBody,
    responses: { 200: changeDriverStatusResponse },
  }),
  getAdminJobs: endpoint({
    method: 'GET',
    path: '/api/admin/jobs',
    policy: adminArea('drivers'),
    summary: 'Get admin jobs',
    responses: { 200: activeJobsResponse },
  }),
  getAdminReports: endpoint({
    method: 'GET',
    path: '/api/admin/reports',
    policy: adminArea('reports'),
    summary: 'Get admin reports',
    query: reportQuery,
    responses: { 200: reportResponse },
  }),
  getAdminReportsExport: endpoint({
    method: 'GET',
    path: '/api/admin/reports/export',
    policy: adminArea('reports'),
    summary: 'Get admin reports export',
    query: reportQuery,
    responses: {
      200: { kind: 'csv', contentType: 'text/csv', description: 'The report as a CSV download' },
    },
  }),
  getAdminOverview: endpoint({
    method: 'GET',
    path: '/api/admin/overview',
    policy: adminArea('overview'),
    summary: 'Get admin overview',
    responses: { 200: adminOverviewResponse },
  }),
  getAdminCitySuggestions: endpoint({
    method: 'GET',
    path: '/api/admin/city-suggestions',
    policy: adminArea('overview'),
    summary: 'Get admin city suggestions',
    responses: { 200: citySuggestionsResponse },
  }),
  getAdminProfile: endpoint({
    method: 'GET',
    path: '/api/admin/profile',
    policy: POLICIES.anyAdmin,
    summary: 'Get admin profile',
    responses: { 200: adminProfileResponse },
  }),
  postAdminSessionTouch: endpoint({
    method: 'POST',
    path: '/api/admin/session/touch',
    policy: POLICIES.anyAdmin,
    summary: 'Post admin session touch',
    responses: { 200: z.object({ ok: z.literal(true) }) },
  }),
  getAdminTeam: endpoint({
    method: 'GET',
    path: '/api/admin/team',
    policy: adminArea('team'),
    summary: 'Get admin team',
    responses: { 200: teamResponse },
  }),
  postAdminTeamInvites: endpoint({
    method: 'POST',
    path: '/api/admin/team/invites',
    policy: adminArea('team'),
    summary: 'Post admin team invites',
    body: inviteBody,
    responses: { 201: inviteResponse },
  }),
  postAdminTeamInvitesByIdRevoke: endpoint({
    method: 'POST',
    path: '/api/admin/team/invites/:id/revoke',
    policy: adminArea('team'),
    summary: 'Post admin team invites by id revoke',
    params: inviteParams,
    responses: { 200: z.object({ ok: z.literal(true) }) },
  }),
  postAdminTeamMembersByIdStatus: endpoint({
    method: 'POST',
    path: '/api/admin/team/members/:id/status',
    policy: adminArea('team'),
    summary: 'Post admin team members by id status',
    params: memberParams,
    body: memberStatusBody,
    responses: { 200: memberStatusResponse },
  }),
  postAdminInvitationsLookup: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/lookup',
    policy: POLICIES.public,
    summary: 'The invite link: anyone holding the token may see the invite and create the invited account.',
    body: inviteTokenBody,
    responses: { 200: inviteLookupResponse },
  }),
  postAdminInvitationsSignUp: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/sign-up',
    policy: POLICIES.public,
    summary: 'Post admin invitations sign up',
    body: inviteSignUpBody,
    responses: { 201: inviteAcceptResponse },
  }),
  postAdminInvitationsAccept: endpoint({
    method: 'POST',
    path: '/api/admin/invitations/accept',
    policy: POLICIES.signedIn,
    summary: 'Post admin invitations accept',
    body: inviteTokenBody,
    responses: { 200: inviteAcceptResponse },
  }),
  ...teamRoleEndpoints,
  ...adminNotificationEndpoints,
};
