import type { AdminRole, DriverStatus, UserType } from './roles';

/** Who is making a request, as the server resolved it from the session. */
export type Actor = {
  userId: string;
  email: string;
  name: string;
  userType: UserType;
  /** Driver: pending, approved, rejected, suspended (null before applying); customer: active or pending. */
  status: DriverStatus | 'active' | null;
  /** Set only for an active admin profile or an active team member. */
  adminRole: AdminRole | null;
};

/** What a route requires of its caller. Every API route declares one; the server checks it first. */
export type Policy =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'customer' }
  | { kind: 'partner' }
  | { kind: 'driver'; approved: boolean }
  | { kind: 'admin'; roles: readonly AdminRole[] | 'any' };

export const POLICIES = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  customer: { kind: 'customer' },
  partner: { kind: 'partner' },
  /** Any driver account, approved or not (onboarding, own application). */
  driver: { kind: 'driver', approved: false },
  approvedDriver: { kind: 'driver', approved: true },
  anyAdmin: { kind: 'admin', roles: 'any' },
} as const satisfies Record<string, Policy>;

/** Admin areas and the roles that may use them (docs/product/admin.md#roles: the sidebar table). */
export const ADMIN_AREAS = {
  overview: ['super_admin', 'ops_manager', 'cs_agent', 'finance', 'read_only'],
  drivers: ['super_admin', 'ops_manager'],
  tickets: ['super_admin', 'ops_manager', 'cs_agent', 'finance'],
  team: ['super_admin', 'ops_manager'],
  reports: ['super_admin', 'ops_manager', 'finance'],
  settings: ['super_admin', 'ops_manager'],
  audit: ['super_admin'],
  /** Failed and pending notification sends, retry one (docs/product/admin.md#notifications). */
  notifications: ['super_admin', 'ops_manager'],
  /** The halal_verifier capability: review certificates, suspend and reinstate locations (docs/decisions/0070-halal-trust.md). */
  halal: ['super_admin', 'ops_manager'],
  /** The order console: search and read every order (docs/product/admin.md#order-console). */
  orders: ['super_admin', 'ops_manager', 'cs_agent'],
  /** The live dispatch map: open jobs with their reach, online drivers where they are (docs/product/admin.md#dispatch-map). */
  dispatch: ['super_admin', 'ops_manager'],
  /**
   * Not a sidebar item: the console's moves of an order (cancel, mark delivered, assign or unassign a
   * driver). Customer Service reads, notes and raises tickets only (docs/decisions/0136-admin-order-console.md).
   */
  order_actions: ['super_admin', 'ops_manager'],
  /** Not a sidebar item: mark a suggested city opened, which e-mails its suggesters (docs/product/admin.md#overview). */
  city_openings: ['super_admin', 'ops_manager'],
  /** Restaurants: review new locations, request changes, suspend and reinstate (docs/product/admin.md#restaurants). */
  restaurants: ['super_admin', 'ops_manager'],
  /** Drivers' payout requests and their bank details; finance pays and marks them paid (docs/decisions/0159-payout-requests.md). */
  payouts: ['super_admin', 'finance'],
  /** Platform vouchers: list, create, end and see their use; the platform funds them (docs/decisions/0253-platform-vouchers.md). */
  vouchers: ['super_admin', 'ops_manager', 'finance'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminArea = keyof typeof ADMIN_AREAS;

/** The policy for an admin area's API routes. */
export function adminArea(area: AdminArea): Policy {
  return { kind: 'admin', roles: ADMIN_AREAS[area] };
}

/** Whether an admin with this role may use this area. */
export function canUseAdminArea(role: AdminRole | null | undefined, area: AdminArea): boolean {
  return !!role && (ADMIN_AREAS[area] as readonly AdminRole[]).includes(role);
}

export type Decision = 'allow' | 'unauthenticated' | 'forbidden';

/** Decides a route policy for an actor (null when nobody is signed in). */
export function decide(policy: Policy, actor: Actor | null): Decision {
  if (policy.kind === 'public') return 'allow';
  if (!actor) return 'unauthenticated';
  switch (policy.kind) {
    case 'signedIn':
      return 'allow';
    case 'customer':
      return actor.userType === 'customer' ? 'allow' : 'forbidden';
    case 'partner':
      return actor.userType === 'partner' ? 'allow' : 'forbidden';
    case 'driver':
      if (actor.userType !== 'driver') return 'forbidden';
      return !policy.approved || actor.status === 'approved' ? 'allow' : 'forbidden';
    case 'admin':
      if (!actor.adminRole) return 'forbidden';
      return policy.roles === 'any' || policy.roles.includes(actor.adminRole) ? 'allow' : 'forbidden';
    default: {
      const never: never = policy;
      throw new Error(`Unknown policy ${JSON.stringify(never)}`);
    }
  }
}

/** The refusal of a write before the current terms are accepted (docs/decisions/0154-terms-acceptance.md). */
export const TERMS_NOT_ACCEPTED_MESSAGE = 'Please accept the current terms to continue.';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The partner and approved-driver writes that finish work already taken, stop taking work or get
 * paid for work done: a new terms version never holds them back (docs/decisions/0206-new-terms-hold-back-new-work-only.md).
 * Two of them take new work only by what they send, and their use cases ask for the terms then:
 * going online (`takesNewWork`) and opening a branch (`opensBranch`).
 */
export const WORK_IN_PROGRESS: ReadonlySet<string> = new Set([
  'POST /api/driver/jobs/:jobId/arrival',
  'POST /api/driver/jobs/:jobId/verify-code',
  'POST /api/driver/jobs/:jobId/complete',
  'POST /api/driver/jobs/:jobId/position',
  'POST /api/driver/jobs/:jobId/return',
  'DELETE /api/driver/board-position',
  'PATCH /api/driver/availability',
  'POST /api/driver/earnings/cash-out',
  'PUT /api/driver/payout-details',
  'POST /api/partner/orders/:orderId/actions',
  'POST /api/partner/orders/:orderId/hand-over',
  'POST /api/partner/orders/:orderId/cancel',
  'PATCH /api/partner/sites/:siteId',
  'DELETE /api/partner/sites/:siteId',
  'PUT /api/partner/notifications',
]);

/**
 * Whether a request must come from someone who accepted the current terms version: the writes of
 * partner and approved-driver routes that take new work (docs/decisions/0154-terms-acceptance.md,
 * docs/decisions/0206-new-terms-hold-back-new-work-only.md). `route` is the route's registered
 * path (`/api/driver/jobs/:jobId/complete`); without it every write counts as new work. Reads stay
 * open so the apps can load and show the terms; the terms routes themselves are `signedIn`, and
 * signing out is better-auth's, so neither is caught here.
 */
export function needsCurrentTerms(policy: Policy, method: string, route?: string): boolean {
  if (READS.has(method.toUpperCase())) return false;
  if (!(policy.kind === 'partner' || (policy.kind === 'driver' && policy.approved))) return false;
  return !(route && WORK_IN_PROGRESS.has(`${method.toUpperCase()} ${route}`));
}

/** Whether a driver's availability change takes new work: going online does, going offline never. */
export function takesNewWork(change: { isOnline: boolean }): boolean {
  return change.isOnline;
}

/**
 * Whether a change to a location opens it to new orders: switching a closed branch on, or ending a
 * pause early. Closing, pausing and editing an open branch do not.
 */
export function opensBranch(
  before: { isOpen: boolean; pausedUntil: Date | null },
  change: { isOpen?: boolean; pausedUntil?: string | null },
  now: Date,
): boolean {
  const paused = before.pausedUntil !== null && before.pausedUntil > now;
  const opens = change.isOpen === true && !before.isOpen;
  const resumes = change.pausedUntil === null && paused && change.isOpen !== false;
  return opens || resumes;
}

/** Where a user lands after signing in or confirming their e-mail (docs/product/README.md#accounts). */
export function homePathFor(actor: Pick<Actor, 'userType' | 'status' | 'adminRole'>): string {
  if (actor.adminRole || actor.userType === 'admin') return '/admin/dashboard';
  switch (actor.userType) {
    case 'partner':
      return '/partner/dashboard';
    case 'driver':
      return actor.status === 'approved' ? '/driver/jobs' : '/driver/onboarding';
    case 'customer':
      return '/';
    default:
      return '/';
  }
}
