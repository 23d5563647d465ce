import type { z } from 'zod';
import { PARTNER_NOTIFICATION_EVENTS } from '../../notifications';
import { POLICIES } from '../../policies';
import { endpoint } from '../endpoint';
import { notificationGridContract } from '../notification-grid';

const grid = notificationGridContract(PARTNER_NOTIFICATION_EVENTS);
export type PartnerNotificationSettings = z.infer<typeof grid.settings>;

/** The partner's notification grid (new order, order cancelled) for every branch they work at. */
export const partnerNotificationEndpoints = {
  getPartnerNotifications: endpoint({
    method: 'GET',
    path: '/api/partner/notifications',
    policy: POLICIES.partner,
    summary: "Get the partner's notification preferences",
    responses: { 200: grid.response },
  }),
  putPartnerNotifications: endpoint({
    method: 'PUT',
    path: '/api/partner/notifications',
    policy: POLICIES.partner,
    summary: "Save the partner's notification preferences",
    body: grid.body,
    responses: { 200: grid.response },
  }),
};
