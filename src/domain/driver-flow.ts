import type { GeoPoint } from './geo';
import type { JobStatus } from './order-flow';

/**
 * The driver's delivery screen (docs/product/driver.md#delivery-screen) as data: which step the driver is on, which
 * buttons show, and how the on-device progress moves. The job's status comes from the server (the
 * state machine in order-flow.ts); the arrival steps in between are kept on the phone, per job.
 */

export const DELIVERY_STEPS = [
  'navigate_pickup',
  'arrived_pickup',
  'navigate_delivery',
  'arrived_delivery',
  'complete',
] as const;
export type DeliveryStep = (typeof DELIVERY_STEPS)[number];

/** Badge labels for the driver (docs/product/driver.md#delivery-screen). */
export const JOB_BADGES: Record<JobStatus, string> = {
  available: 'Available',
  assigned: 'En Route to Pickup',
  picked_up: 'Out for Delivery',
  completed: 'Completed',
  cancelled: 'Order Cancelled',
};

export type DeliveryAction =
  | 'accept'
  | 'start_navigation'
  | 'arrived_pickup'
  | 'confirm_collection'
  | 'navigate_customer'
  | 'arrived_delivery'
  | 'complete_delivery'
  | 'return_dashboard';

/** Button texts, and what a button reads while its request runs. */
export const ACTION_LABELS: Record<DeliveryAction, { label: string; busy?: string }> = {
  accept: { label: 'Accept Job First', busy: 'Accepting Job...' },
  start_navigation: { label: 'Start Delivery & Navigate' },
  arrived_pickup: { label: "I've Arrived at Pickup" },
  confirm_collection: { label: "I've Collected Order", busy: 'Confirming Collection...' },
  navigate_customer: { label: 'Navigate to Customer' },
  arrived_delivery: { label: "I've Arrived at Customer's Location" },
  complete_delivery: { label: 'Complete Delivery' },
  return_dashboard: { label: 'Return to Dashboard' },
};

/** What the phone remembers about a job between visits (localStorage, per job). */
export type LocalProgress = {
  step: DeliveryStep | null;
  /** "Start Delivery & Navigate" was pressed: the driver is on the way, so "I've Arrived" may show. */
  pickupNavStarted: boolean;
  deliveryNavStarted: boolean;
};

export const NO_PROGRESS: LocalProgress = { step: null, pickupNavStarted: false, deliveryNavStarted: false };

/** The step on screen: the job's status picks the leg, the local progress the step within it. */
export function stepFor(status: JobStatus, progress: LocalProgress): DeliveryStep {
  switch (status) {
    case 'available':
      return 'navigate_pickup';
    case 'assigned':
      return progress.step === 'arrived_pickup' ? 'arrived_pickup' : 'navigate_pickup';
    case 'picked_up':
      return progress.step === 'arrived_delivery' ? 'arrived_delivery' : 'navigate_delivery';
    case 'completed':
    case 'cancelled':
      return 'complete';
    default: {
      const never: never = status;
      throw new Error(`unknown job status ${String(never)}`);
    }
  }
}

export const STEP_TITLES = {
  available: 'Accept Job',
  assigned: 'Step 1: Pickup Order',
  picked_up: 'Step 2: Deliver Order',
  completed: 'Delivery Complete!',
  cancelled: 'Order Cancelled',
} as const satisfies Record<JobStatus, string>;

export type DeliveryScreen = {
  step: DeliveryStep;
  stepTitle: string;
  /** The one big button; null when this driver has nothing to do (someone else's job). */
  main: DeliveryAction | null;
  secondary: DeliveryAction[];
};

/** What the delivery screen shows for a job and this phone's progress on it. */
export function deliveryScreen(job: { status: JobStatus; isMine: boolean }, progress: LocalProgress): DeliveryScreen {
  const step = stepFor(job.status, progress);
  const screen = (main: DeliveryAction | null, secondary: DeliveryAction[] = []): DeliveryScreen => ({
    step,
    stepTitle: STEP_TITLES[job.status],
    main,
    secondary,
  });
  if (job.status === 'available') return screen('accept');
  if (!job.isMine) return screen(null);
  switch (step) {
    case 'navigate_pickup':
      return screen('start_navigation', progress.pickupNavStarted ? ['arrived_pickup'] : []);
    case 'arrived_pickup':
      return screen('confirm_collection');
    case 'navigate_delivery':
      return screen('navigate_customer', progress.deliveryNavStarted ? ['arrived_delivery'] : []);
    case 'arrived_delivery':
      return screen('complete_delivery');
    case 'complete':
      return screen('return_dashboard');
    default: {
      const never: never = step;
      throw new Error(`unknown step ${String(never)}`);
    }
  }
}

/** How pressing a button moves the on-device progress (server calls are the caller's business). */
export function advance(progress: LocalProgress, action: DeliveryAction): LocalProgress {
  switch (action) {
    case 'start_navigation':
      return { ...progress, pickupNavStarted: true };
    case 'arrived_pickup':
      return { ...progress, step: 'arrived_pickup' };
    case 'navigate_customer':
      return { ...progress, step: 'navigate_delivery', deliveryNavStarted: true };
    case 'arrived_delivery':
      // Arriving clears the navigation flag (docs/product/driver.md#delivery-screen).
      return { ...progress, step: 'arrived_delivery', deliveryNavStarted: false };
    case 'return_dashboard':
      return NO_PROGRESS;
    default:
      return progress;
  }
}

/** A driving-directions link for a maps app (opened in a new tab; no key involved). */
export function directionsUrl(to: GeoPoint): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${to.lat},${to.lng}`;
}

/** A 4-digit hand-over code: exactly four digits. */
export function isFourDigitCode(value: string): boolean {
  return /^\d{4}$/.test(value);
}

/** The delivery-code and proof messages (docs/product/driver.md#delivery-screen), word for word. */
export const DELIVERY_MESSAGES = {
  invalidCode: 'Invalid code. Please ask the customer for the correct 4-digit code.',
  noCode: 'No verification code found for this order',
  verifyFailed: 'Failed to verify code',
  photoFailed: 'Failed to capture photo. Please try again.',
  jobNotFound: 'Job not found',
  loadFailed: 'Failed to load job details',
  updateFailed: 'Failed to update job status',
  noPickupLocation: 'Pickup location not available',
  completed: 'Great job! The customer has been notified.',
  proofPrompt: 'Take a photo to confirm the delivery has been completed.',
  offline: 'You must be online to accept jobs',
  taken: 'Job is no longer available - it may have been taken by another driver',
  tooManyTries: 'Too many wrong codes. Please wait 15 minutes and ask the customer again.',
  codeLocked: 'Too many wrong codes. The code is locked: please contact HalalNosh support.',
} as const;
