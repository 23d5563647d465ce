import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES, type AdminRole, BRAND_ROLES, type BrandRole } from './roles';
import { areasOf, mayOffer, mayOfferBrandRole, offerableRoles } from './role-grants';

/*
 * Every pair, written out by hand: who (row) may offer which role (column). An Operations Manager
 * has no payouts (so no Finance) and no audit log (so no Super Admin); Customer Service, Finance and
 * Read Only have no Team page, and offer nothing beyond their own areas.
 */
const OFFERS: Record<AdminRole, Record<AdminRole, boolean>> = {
  super_admin: { super_admin: true, ops_manager: true, cs_agent: true, finance: true, read_only: true },
  ops_manager: { super_admin: false, ops_manager: true, cs_agent: true, finance: false, read_only: true },
  cs_agent: { super_admin: false, ops_manager: false, cs_agent: true, finance: false, read_only: true },
  finance: { super_admin: false, ops_manager: false, cs_agent: false, finance: true, read_only: true },
  read_only: { super_admin: false, ops_manager: false, cs_agent: false, finance: false, read_only: true },
};

const pairs = ADMIN_ROLES.flatMap((inviter) => ADMIN_ROLES.map((offered) => ({ inviter, offered })));

describe('which back-office role may offer which', () => {
  it.each(pairs)('$inviter offering $offered', ({ inviter, offered }) => {
    expect(mayOffer(inviter, offered)).toBe(OFFERS[inviter][offered]);
  });

  it.each(pairs.filter(({ inviter, offered }) => mayOffer(inviter, offered)))(
    '$inviter offering $offered gives no area the inviter lacks',
    ({ inviter, offered }) => {
      const own = areasOf(inviter);
      for (const area of areasOf(offered)) expect(own).toContain(area);
    },
  );

  it('lets an Operations Manager offer neither Finance (payouts) nor Super Admin', () => {
    expect(areasOf('finance')).toContain('payouts');
    expect(areasOf('ops_manager')).not.toContain('payouts');
    expect(offerableRoles('ops_manager')).toEqual(['ops_manager', 'cs_agent', 'read_only']);
  });

  it('offers nothing to someone without a back-office role', () => {
    expect(offerableRoles(null)).toEqual([]);
  });
});

const BRAND_OFFERS: Record<BrandRole, Record<BrandRole, boolean>> = {
  owner: { owner: false, admin: true, site_manager: true },
  admin: { owner: false, admin: true, site_manager: true },
  site_manager: { owner: false, admin: false, site_manager: false },
};

describe('which brand role may offer which', () => {
  it.each(BRAND_ROLES.flatMap((inviter) => BRAND_ROLES.map((offered) => ({ inviter, offered }))))(
    '$inviter offering $offered',
    ({ inviter, offered }) => {
      expect(mayOfferBrandRole(inviter, offered)).toBe(BRAND_OFFERS[inviter][offered]);
    },
  );
});
