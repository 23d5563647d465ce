import { z } from 'zod';
import { VEHICLE_TYPES } from '../../roles';

/** The dispatch map's texts (docs/product/admin.md#dispatch-map). */
export const DISPATCH_MAP_MESSAGES = {
  title: 'Dispatch map',
  note: 'Open delivery jobs and online drivers, as they change.',
  loading: 'Loading the dispatch map...',
  loadFailed: 'Failed to load the dispatch map',
  noJobs: 'No open jobs',
  noJobsNote: 'Every delivery job is delivered, or none has been offered yet.',
  noDrivers: 'No drivers online',
  noDriversNote: 'Approved drivers appear here when they go online.',
  noPosition: 'No position known',
} as const;

const point = z.object({ lat: z.number(), lng: z.number() });

/** How a job on the map stands: waiting for a driver, or taken and not yet delivered. */
export const DISPATCH_JOB_STATUSES = ['available', 'assigned', 'picked_up'] as const;

/**
 * Where a driver's marker comes from (docs/decisions/0170-ops-dispatch-map.md): the position their phone
 * shares on a delivery, the one they shared for the jobs board (both only while fresh), else the
 * centre of their postcode, which the jobs board also measures from.
 */
export const DRIVER_POSITION_SOURCES = ['delivery', 'board', 'postcode'] as const;

export const dispatchJob = z.object({
  id: z.guid(),
  orderNumber: z.string(),
  branchName: z.string(),
  pickupPostcode: z.string().nullable(),
  /** Null when the branch was never geocoded: listed, not drawn. */
  pickup: point.nullable(),
  status: z.enum(DISPATCH_JOB_STATUSES),
  /** When the job was first offered to drivers. */
  offeredAt: z.string(),
  /** Whole minutes since it was offered, at `at`. */
  waitedMinutes: z.number().int(),
  /** How far the job reaches now, in miles (the dispatch-by-distance rule); null once a driver has it. */
  reachMiles: z.number().nullable(),
  takenAt: z.string().nullable(),
  driver: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The dispatcher's open offer of a waiting job: to whom, until when (docs/decisions/0273-dispatcher-offers-in-the-product.md). */
  offer: z
    .object({
      driverName: z.string(),
      expiresAt: z.string(),
      /** A stacked offer: the order number of the job the driver holds that this one would ride with (docs/decisions/0282-stacked-orders-and-chaining.md). */
      stackedWith: z.string().nullable(),
    })
    .nullable(),
  /** A taken job carried in a stack: the other order's number and this job's place in the drop order. */
  stack: z.object({ withOrder: z.string(), dropPosition: z.int() }).nullable(),
  /** Who declined the waiting job, with the reason's words, oldest first. */
  declines: z.array(z.object({ driverName: z.string(), reason: z.string(), at: z.string() })),
  /** When a dispatcher city's job went to the board (starved, or open when the city switched). */
  boardAt: z.string().nullable(),
});
export type DispatchJob = z.infer<typeof dispatchJob>;

export const dispatchDriver = z.object({
  id: z.string(),
  name: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  postcode: z.string().nullable(),
  /** Null when neither a fresh position nor a geocoded postcode is known: listed, not drawn. */
  position: point.nullable(),
  positionSource: z.enum(DRIVER_POSITION_SOURCES).nullable(),
  /** When a shared position was taken (null for a postcode centre). */
  positionAt: z.string().nullable(),
  radiusMiles: z.number().int(),
  /** The order number of the job they are on, if any. */
  onJob: z.string().nullable(),
});
export type DispatchDriver = z.infer<typeof dispatchDriver>;

/** GET /api/admin/dispatch: open jobs, waiting ones first and the longest wait first; online drivers by name. */
export const dispatchMapResponse = z.object({
  /** The server's clock when the map was read: waits and reaches are as of this moment. */
  at: z.string(),
  jobs: z.array(dispatchJob),
  drivers: z.array(dispatchDriver),
});
export type DispatchMapResponse = z.infer<typeof dispatchMapResponse>;
