import type { z } from 'zod';
import { DRIVER_NOTIFICATION_EVENTS } from '../../notifications';
import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { notificationGridContract } from '../notification-grid';

const grid = notificationGridContract(DRIVER_NOTIFICATION_EVENTS);
export type DriverNotificationSettings = z.infer<typeof grid.settings>;

/** The driver's notification grid (new job, job taken, order ready) in their settings. */
export const driverNotificationEndpoints = {
  getDriverNotifications: api('GET /api/driver/notifications', POLICIES.driver)
    .summary("Get the driver's notification preferences")
    .answers({ 200: grid.response }),
  putDriverNotifications: api('PUT /api/driver/notifications', POLICIES.driver)
    .summary("Save the driver's notification preferences")
    .takes({ body: grid.body })
    .answers({ 200: grid.response }),
};
