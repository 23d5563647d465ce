import type { AdminRole, DriverStatus, UserType } from '../../../domain/roles';

/** The demo password of every demo account (README). Demo mode only. */
export const DEMO_PASSWORD = 'halalnosh-demo';

export type DemoAccount = {
  email: string;
  name: string;
  userType: UserType;
  status?: DriverStatus | 'active';
  adminRole?: AdminRole;
  phone?: string;
  driver?: { postcode: string; online: boolean; vehicle: 'bike' | 'scooter' | 'car'; licence: string };
  /**
   * The terms version a driver or partner has accepted (docs/decisions/0154-terms-acceptance.md);
   * none when left out. The demo seed and the tests' createUser give the current one.
   */
  termsVersion?: string | null;
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'customer@halalnosh.test',
    name: 'Aisha Khan',
    userType: 'customer',
    status: 'active',
    phone: '07700 900123',
  },
  { email: 'partner@halalnosh.test', name: 'Yusuf Rahman', userType: 'partner', phone: '020 7946 0011' },
  {
    email: 'driver@halalnosh.test',
    name: 'Bilal Ahmed',
    userType: 'driver',
    status: 'approved',
    phone: '07700 900456',
    driver: { postcode: 'E1', online: true, vehicle: 'scooter', licence: 'AHMED907141BA9XY' },
  },
  {
    // A second approved driver, offline until they go online: someone to reassign a job to on the order console.
    email: 'second.driver@halalnosh.test',
    name: 'Hamza Ali',
    userType: 'driver',
    status: 'approved',
    phone: '07700 900457',
    driver: { postcode: 'E8', online: false, vehicle: 'bike', licence: 'ALIHA905123HA7QR' },
  },
  {
    email: 'pending.driver@halalnosh.test',
    name: 'Omar Farooq',
    userType: 'driver',
    status: 'pending',
    phone: '07700 900789',
    driver: { postcode: 'E2', online: false, vehicle: 'car', licence: 'FAROO912035OM8KL' },
  },
  { email: 'admin@halalnosh.test', name: 'Maryam Hussain', userType: 'admin', adminRole: 'super_admin' },
  { email: 'ops@halalnosh.test', name: 'Imran Malik', userType: 'admin', adminRole: 'ops_manager' },
  { email: 'support@halalnosh.test', name: 'Fatima Begum', userType: 'admin', adminRole: 'cs_agent' },
  { email: 'finance@halalnosh.test', name: 'Zain Chaudhry', userType: 'admin', adminRole: 'finance' },
];
