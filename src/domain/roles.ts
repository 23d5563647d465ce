/** The four kinds of account (docs/product/README.md#accounts). */
export const USER_TYPES = ['customer', 'partner', 'driver', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const DRIVER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

export const VEHICLE_TYPES = ['bike', 'scooter', 'car'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const ADMIN_ROLES = ['super_admin', 'ops_manager', 'cs_agent', 'finance', 'read_only'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  super_admin: 'Super Admin',
  ops_manager: 'Operations Manager',
  cs_agent: 'Customer Service',
  finance: 'Finance',
  read_only: 'Read Only',
};

/** Roles within a restaurant brand: owner and admin run every site, a site_manager only theirs. */
export const BRAND_ROLES = ['owner', 'admin', 'site_manager'] as const;
export type BrandRole = (typeof BRAND_ROLES)[number];
