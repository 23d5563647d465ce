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
 * Whether a request must come from someone who accepted the current terms version: the writes of
 * partner and approved-driver routes (docs/decisions/0154-terms-acceptance.md). Reads stay open so
 * the apps can load and show the terms; the terms routes themselves are `signedIn`, and signing
 * out is better-auth's, so neither is caught here.
 */
export function needsCurrentTerms(policy: Policy, method: string): boolean {
  if (READS.has(method.toUpperCase())) return false;
  return policy.kind === 'partner' || (policy.kind === 'driver' && policy.approved);
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
