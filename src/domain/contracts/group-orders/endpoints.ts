import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import {
  editGroupLineBody,
  groupCheckoutBody,
  groupCheckoutHeaders,
  groupCheckoutResponse,
  groupInviteResponse,
  groupLineBody,
  groupLineParams,
  groupLinkParams,
  groupMemberHeaders,
  groupParams,
  groupResponse,
  joinGroupBody,
  joinGroupResponse,
  lockGroupBody,
  resetLinkResponse,
  startGroupBody,
  startGroupResponse,
} from './group-orders';

/**
 * Group orders (docs/product/group-orders.md). Public routes decide membership per group: a
 * group the caller is not in (no session and no member token included) or a revoked link is 404, a
 * member doing the host's part is 403.
 */
export const groupOrdersEndpoints = {
  start: api('POST /api/group-orders', POLICIES.customer)
    .summary('A signed-in customer starts a group order at a branch and gets its link once')
    .takes({ body: startGroupBody })
    .answers({ 201: startGroupResponse }),
  invite: api('GET /api/group-orders/join/:linkToken', POLICIES.public)
    .summary('What a group order link leads to, before joining')
    .takes({ params: groupLinkParams, headers: groupMemberHeaders })
    .answers({ 200: groupInviteResponse }),
  join: api('POST /api/group-orders/join/:linkToken', POLICIES.public)
    .summary('Join a group order by its link: signed in, or as a named visitor given a member token')
    .takes({ params: groupLinkParams, headers: groupMemberHeaders, body: joinGroupBody })
    .answers({ 200: joinGroupResponse, 201: joinGroupResponse }),
  view: api('GET /api/group-orders/:groupId', POLICIES.public)
    .summary('The shared basket, for its members')
    .takes({ params: groupParams, headers: groupMemberHeaders })
    .answers({ 200: groupResponse }),
  addLine: api('POST /api/group-orders/:groupId/lines', POLICIES.public)
    .summary('A member adds a line of their own')
    .takes({ params: groupParams, headers: groupMemberHeaders, body: groupLineBody })
    .answers({ 201: groupResponse }),
  editLine: api('PATCH /api/group-orders/:groupId/lines/:lineId', POLICIES.public)
    .summary('A member changes the quantity or options of their own line')
    .takes({ params: groupLineParams, headers: groupMemberHeaders, body: editGroupLineBody })
    .answers({ 200: groupResponse }),
  removeLine: api('DELETE /api/group-orders/:groupId/lines/:lineId', POLICIES.public)
    .summary('A member removes their own line; the host removes any line')
    .takes({ params: groupLineParams, headers: groupMemberHeaders })
    .answers({ 200: groupResponse }),
  lock: api('POST /api/group-orders/:groupId/lock', POLICIES.public)
    .summary('The host locks the basket (no more changes) or opens it again')
    .takes({ params: groupParams, headers: groupMemberHeaders, body: lockGroupBody })
    .answers({ 200: groupResponse }),
  cancel: api('POST /api/group-orders/:groupId/cancel', POLICIES.public)
    .summary('The host cancels the group order')
    .takes({ params: groupParams, headers: groupMemberHeaders })
    .answers({ 200: groupResponse }),
  resetLink: api('POST /api/group-orders/:groupId/reset-link', POLICIES.public)
    .summary('The host replaces the link: the old one stops working, members stay')
    .takes({ params: groupParams, headers: groupMemberHeaders })
    .answers({ 200: resetLinkResponse }),
  checkout: api('POST /api/group-orders/:groupId/checkout', POLICIES.public)
    .summary('The host places the locked basket as one order, cash at the door, split shown per person')
    .takes({ params: groupParams, headers: groupCheckoutHeaders, body: groupCheckoutBody })
    .answers({ 200: groupCheckoutResponse, 201: groupCheckoutResponse }),
};
