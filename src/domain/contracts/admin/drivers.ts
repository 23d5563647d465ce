import { z } from 'zod';
import { DRIVER_ACTIONS, DRIVER_DOCUMENT_KINDS } from '../../driver-approval';
import { DRIVER_STATUSES, VEHICLE_TYPES } from '../../roles';
import { JOB_STATUSES } from '../../order-flow';

/** GET /api/admin/drivers?q=: every driver account, newest first, filtered on the server. */
export const listDriversQuery = z.strictObject({
  /** Matches first or last name, e-mail, phone, licence number or vehicle type, case-insensitively. */
  q: z.string().trim().max(100).optional(),
});

export const adminDriver = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(DRIVER_STATUSES).nullable(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  drivingLicenceNumber: z.string().nullable(),
  isOnline: z.boolean(),
  currentPostcode: z.string().nullable(),
  documentCount: z.number().int(),
  missingDocuments: z.array(z.enum(DRIVER_DOCUMENT_KINDS)),
  /** Jobs the driver gave back, or ops took them off, before pickup (docs/decisions/0135-driver-unassign.md). */
  jobsReturned: z.number().int(),
  createdAt: z.string(),
});
export type AdminDriver = z.infer<typeof adminDriver>;

export const listDriversResponse = z.object({
  drivers: z.array(adminDriver),
  /** Badges: drivers online now, jobs waiting for a driver, and how many drivers matched. */
  driversOnline: z.number().int(),
  availableJobs: z.number().int(),
  matches: z.number().int(),
});
export type ListDriversResponse = z.infer<typeof listDriversResponse>;

export const driverParams = z.strictObject({ driverId: z.string().min(1).max(64) });

export const driverDocument = z.object({
  kind: z.enum(DRIVER_DOCUMENT_KINDS),
  uploadId: z.string(),
  /** Download (and image preview): the private file, served only to admins who manage drivers. */
  url: z.string(),
  /** Framable copy for the in-page preview of PDFs and images. */
  previewUrl: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type DriverDocument = z.infer<typeof driverDocument>;

/** GET /api/admin/drivers/:driverId/documents: the "View Documents" dialog. */
export const driverDocumentsResponse = z.object({
  driver: adminDriver,
  documents: z.array(driverDocument),
  required: z.array(z.enum(DRIVER_DOCUMENT_KINDS)),
  missing: z.array(z.enum(DRIVER_DOCUMENT_KINDS)),
});
export type DriverDocumentsResponse = z.infer<typeof driverDocumentsResponse>;

export const documentPreviewParams = z.strictObject({
  driverId: z.string().min(1).max(64),
  kind: z.enum(DRIVER_DOCUMENT_KINDS),
});

/** POST /api/admin/drivers/:driverId/status { action }: only the moves of docs/product/admin.md#drivers (else 409). */
export const changeDriverStatusBody = z.strictObject({ action: z.enum(DRIVER_ACTIONS) });
export const changeDriverStatusResponse = z.object({ driver: adminDriver, message: z.string() });

/** GET /api/admin/jobs: active delivery jobs (available, assigned, picked up), newest first. */
export const adminJob = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(JOB_STATUSES),
  siteName: z.string(),
  restaurantName: z.string(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  pickupPostcode: z.string().nullable(),
  deliveryPostcode: z.string().nullable(),
  distanceMiles: z.number(),
  totalPayMinor: z.number().int(),
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
});
export type AdminJob = z.infer<typeof adminJob>;
export const activeJobsResponse = z.object({ jobs: z.array(adminJob) });
export type ActiveJobsResponse = z.infer<typeof activeJobsResponse>;
