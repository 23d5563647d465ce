import type { DriverStatus, VehicleType } from './roles';

/**
 * What back-office staff may do to a driver account (docs/product/admin.md#drivers), as data: the server
 * refuses any other move with 409 and the Drivers screen shows only these buttons.
 */
export const DRIVER_ACTIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type DriverAction = (typeof DRIVER_ACTIONS)[number];

export const DRIVER_TRANSITIONS: readonly {
  from: DriverStatus;
  action: DriverAction;
  to: DriverStatus;
  label: string;
}[] = [
  { from: 'pending', action: 'approve', to: 'approved', label: 'Approve' },
  { from: 'pending', action: 'reject', to: 'rejected', label: 'Reject' },
  { from: 'approved', action: 'suspend', to: 'suspended', label: 'Suspend' },
  { from: 'suspended', action: 'reinstate', to: 'approved', label: 'Reinstate' },
  { from: 'rejected', action: 'approve', to: 'approved', label: 'Approve Driver' },
];

/** The success message for each resulting status (docs/product/admin.md#drivers). */
export const DRIVER_STATUS_MESSAGES: Record<Exclude<DriverStatus, 'pending'>, string> = {
  approved: 'Driver approved and can now access their dashboard',
  suspended: 'Driver suspended and blocked from accessing their account',
  rejected: 'Driver application rejected',
};

export const DRIVER_STATUS_FAILED = 'Failed to update driver status';

/** Where an action takes a driver in this status, or null when the move does not exist. */
export function nextDriverStatus(from: DriverStatus | null, action: DriverAction): DriverStatus | null {
  return DRIVER_TRANSITIONS.find((t) => t.from === from && t.action === action)?.to ?? null;
}

/** The buttons offered for a driver in this status. */
export function driverActionsFor(
  status: DriverStatus | null,
): { action: DriverAction; label: string; to: DriverStatus }[] {
  return DRIVER_TRANSITIONS.filter((t) => t.from === status).map(({ action, label, to }) => ({ action, label, to }));
}

export const DRIVER_DOCUMENT_KINDS = ['photo_id', 'right_to_work', 'insurance'] as const;
export type DriverDocumentKind = (typeof DRIVER_DOCUMENT_KINDS)[number];

export const DRIVER_DOCUMENT_LABELS: Record<DriverDocumentKind, string> = {
  photo_id: 'Photo ID',
  right_to_work: 'Right to Work',
  insurance: 'Vehicle Insurance',
};

export const INCOMPLETE_APPLICATION_WARNING =
  'This driver application is incomplete. All required documents must be uploaded before approval.';

/** The documents an application needs: photo ID, right to work, and insurance unless the vehicle is a bike (docs/product/admin.md#documents). */
export function requiredDocuments(vehicle: VehicleType | null): DriverDocumentKind[] {
  return vehicle === 'bike' ? ['photo_id', 'right_to_work'] : ['photo_id', 'right_to_work', 'insurance'];
}

/** The required documents that have not been uploaded. */
export function missingDocuments(
  vehicle: VehicleType | null,
  uploaded: readonly DriverDocumentKind[],
): DriverDocumentKind[] {
  return requiredDocuments(vehicle).filter((k) => !uploaded.includes(k));
}
