import type { DriverStatus } from '../../domain/roles';
import { Badge } from '../ui/badge';

const LABELS: Record<DriverStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};
const VARIANTS = {
  pending: 'warning',
  approved: 'secondary',
  rejected: 'destructive',
  suspended: 'destructive',
} as const;

/** A driver account's status; "Not applied" before the application is sent. */
export function DriverStatusBadge({ status }: { status: DriverStatus | null }) {
  if (!status) return <Badge variant="outline">Not applied</Badge>;
  return <Badge variant={VARIANTS[status]}>{LABELS[status]}</Badge>;
}
