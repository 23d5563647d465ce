import type { z } from 'zod';
import { NOTIFICATION_EVENTS } from '../../notifications';
import { notificationGridContract } from '../notification-grid';

/** GET/PUT /api/account/notifications: per channel (SMS, EMAIL, PUSH), the customer's order events; all on until saved. */
const grid = notificationGridContract(NOTIFICATION_EVENTS);

export const notificationSettings = grid.settings;
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** The PUT body and both answers: { settings: { SMS: {...}, EMAIL: {...}, PUSH: {...} } }. */
export const notificationSettingsBody = grid.body;
export const notificationSettingsResponse = grid.response;
