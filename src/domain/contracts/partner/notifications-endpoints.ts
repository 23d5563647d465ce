import type { z } from 'zod';
import { PARTNER_NOTIFICATION_EVENTS } from '../../notifications';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { notificationGridContract } from '../notification-grid';

const grid = notificationGridContract(PARTNER_NOTIFICATION_EVENTS);
export type PartnerNotificationSettings = z.infer<typeof grid.settings>;

/** The partner's notification grid (new order, order cancelled) for every branch they work at. */
export const partnerNotificationEndpoints = {
  getPartnerNotifications: api('GET /api/partner/notifications', POLICIES.partner)
    .summary("Get the partner's notification preferences")
    .answers({ 200: grid.response }),
  putPartnerNotifications: api('PUT /api/partner/notifications', POLICIES.partner)
    .summary("Save the partner's notification preferences")
    .takes({ body: grid.body })
    .answers({ 200: grid.response }),
};
