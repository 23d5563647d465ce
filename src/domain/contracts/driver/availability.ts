import { z } from 'zod';

/** PATCH /api/driver/availability (approved driver): go online or offline. */
export const setAvailabilityBody = z.strictObject({ isOnline: z.boolean() });
export const setAvailabilityResponse = z.object({ isOnline: z.boolean() });
