import type { z } from 'zod';
import { DRIVER_NOTIFICATION_EVENTS } from '../../notifications';
import { POLICIES } from '../../policies';
import { endpoint } from '../endpoint';
import { notificationGridContract } from '../notification-grid';

const grid = notificationGridContract(DRIVER_NOTIFICATION_EVENTS);
export type DriverNotificationSettings = z.infer<typeof grid.settings>;

/** The driver's notification grid (new job, job taken, order ready) in their settings. */
export const driverNotificationEndpoints = {
  getDriverNotifications: endpoint({
    method: 'GET',
    path: '/api/driver/notifications',
    policy: POLICIES.driver,
    summary: "Get the driver's notification preferences",
    responses: { 200: grid.response },
  }),
  putDriverNotifications: endpoint({
    method: 'PUT',
    path: '/api/driver/notifications',
    policy: POLICIES.driver,
    summary: "Save the driver's notification preferences",
    body: grid.body,
    responses: { 200: grid.response },
  }),
};
