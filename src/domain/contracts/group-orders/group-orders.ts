import { z } from 'zod';
import { GROUP_ORDER_STATUSES } from '../../group-order';
import { ORDER_STATUSES } from '../../order-flow';
import { chosenOptionView, orderView } from '../orders/order-view';
import { placeOrderHeaders } from '../orders/place-order';

/*
 * Group orders (docs/product/group-orders.md). A visitor member sends the member token it was given
 * on joining as `x-group-member` (docs/decisions/0256-group-order-links-and-member-tokens.md); a
 * signed-in member is known by their session.
 */
export const GROUP_MEMBER_HEADER = 'x-group-member';

export const groupMemberHeaders = z.looseObject({ [GROUP_MEMBER_HEADER]: z.string().min(20).max(200).optional() });
/** The host's checkout: the key the client sends for the request; the order's own key comes from the group. */
export const groupCheckoutHeaders = z.looseObject({
  ...groupMemberHeaders.shape,
  'idempotency-key': placeOrderHeaders.shape['idempotency-key'].optional(),
});

export const groupParams = z.strictObject({ groupId: z.uuid('groupId must be a UUID') });
export const groupLineParams = z.strictObject({
  groupId: z.uuid('groupId must be a UUID'),
  lineId: z.uuid('lineId must be a UUID'),
});
/** The link's secret: 32 bytes, base64url (43 characters). */
export const groupLinkParams = z.strictObject({
  linkToken: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'That is not a group order link'),
});

export const startGroupBody = z.strictObject({ siteId: z.uuid('siteId must be a UUID') });
export const joinGroupBody = z.strictObject({
  /** A visitor's name as the others see it; a signed-in customer joins under their account's name. */
  name: z.string().trim().max(40, 'Your name must be at most 40 characters').optional(),
});
export const groupLineBody = z.strictObject({
  menuItemId: z.uuid('menuItemId must be a UUID'),
  quantity: z
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(50, 'Quantity must be at most 50'),
  optionIds: z.array(z.uuid('optionIds must be UUIDs')).max(60).default([]),
});
export const editGroupLineBody = z.strictObject({
  quantity: z
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(50, 'Quantity must be at most 50'),
  optionIds: z.array(z.uuid('optionIds must be UUIDs')).max(60).optional(),
});
export const lockGroupBody = z.strictObject({ locked: z.boolean() });
export const groupCheckoutBody = z.strictObject({
  customerName: z.string().trim().max(100).default(''),
  customerPhone: z.string().trim().max(30).default(''),
  deliveryAddress: z.string().trim().max(300).nullish(),
  deliveryPostcode: z.string().trim().max(20).nullish(),
  deliveryInstructions: z.string().trim().max(500).nullish(),
  /** The total the host saw and confirmed; a changed price answers 409 with the new quote, as checkout does. */
  expectedTotalMinor: z.int().min(0).optional(),
});
export type GroupCheckoutBody = z.infer<typeof groupCheckoutBody>;

export const groupMemberView = z.object({ id: z.uuid(), name: z.string(), isHost: z.boolean(), isYou: z.boolean() });
export const groupLineView = z.object({
  id: z.uuid(),
  memberId: z.uuid(),
  memberName: z.string(),
  mine: z.boolean(),
  menuItemId: z.uuid(),
  name: z.string(),
  quantity: z.int(),
  optionIds: z.array(z.string()),
  options: z.array(chosenOptionView),
  unitPriceMinor: z.int(),
  lineTotalMinor: z.int(),
  /** Why this line cannot be ordered as it is now (an item gone from the menu), or null. */
  problem: z.string().nullable(),
});
export const groupShareView = z.object({
  memberId: z.uuid(),
  name: z.string(),
  foodMinor: z.int(),
  deliveryFeeMinor: z.int(),
  /** The service fee less any discount, shared in proportion to food. */
  otherMinor: z.int(),
  totalMinor: z.int(),
});
export const groupView = z.object({
  id: z.uuid(),
  status: z.enum(GROUP_ORDER_STATUSES),
  expiresAt: z.string(),
  site: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  hostName: z.string(),
  you: z.object({ memberId: z.uuid(), name: z.string(), isHost: z.boolean() }),
  limits: z.object({ maxMembers: z.int(), maxLines: z.int() }),
  members: z.array(groupMemberView),
  lines: z.array(groupLineView),
  /** Before checkout: the basket priced now (delivery); after: the order's own figures. */
  subtotalMinor: z.int(),
  deliveryFeeMinor: z.int(),
  serviceFeeMinor: z.int(),
  totalMinor: z.int(),
  split: z.array(groupShareView),
  /** The placed order, for everyone in the group to follow. */
  order: z.object({ id: z.uuid(), orderNumber: z.string(), status: z.enum(ORDER_STATUSES) }).nullable(),
});
export type GroupView = z.infer<typeof groupView>;

export const groupResponse = z.object({ group: groupView });
export const startGroupResponse = z.object({
  group: groupView,
  /** The link's secret, shown once: share `/group/join/{linkToken}`. Only its hash is kept. */
  linkToken: z.string(),
});
export const resetLinkResponse = z.object({ linkToken: z.string() });
export const groupInviteResponse = z.object({
  invite: z.object({
    groupId: z.uuid(),
    status: z.enum(GROUP_ORDER_STATUSES),
    siteName: z.string(),
    hostName: z.string(),
    memberCount: z.int(),
    maxMembers: z.int(),
    expiresAt: z.string(),
    /** The caller is already in this group (by their account or member token). */
    isMember: z.boolean(),
  }),
});
export const joinGroupResponse = z.object({
  group: groupView,
  /** A visitor's member token: keep it and send it as `x-group-member`. Absent for a signed-in member. */
  memberToken: z.string().optional(),
});
export const groupCheckoutResponse = z.object({ group: groupView, order: orderView });
