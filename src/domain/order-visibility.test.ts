import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-flow';
import { ADMIN_ROLES, type AdminRole } from './roles';
import {
  ORDER_AUDIENCES,
  type OrderAudience,
  type OrderField,
  orderAudienceOf,
  visibleFields,
  viewerOf,
} from './order-visibility';

/*
 * The rule written out again by hand, status by status, as a reviewer reads it: a change to the
 * table in order-visibility.ts must be made here too, on purpose.
 */
const BASE: OrderField[] = ['order', 'items', 'totals'];
const PERSONAL: OrderField[] = ['contact', 'delivery'];
const BEFORE_DRIVER: OrderStatus[] = ['PENDING', 'ACCEPTED'];
const WITH_DRIVER: OrderStatus[] = ['DRIVER_ASSIGNED', 'PREPARING', 'READY'];
const FINISHED: OrderStatus[] = ['DELIVERED', 'COLLECTED', 'REJECTED', 'CANCELLED'];

function expected(audience: OrderAudience, status: OrderStatus): OrderField[] {
  const out = (...fields: OrderField[]) => fields.sort();
  const onOrder = WITH_DRIVER.includes(status) || status === 'OUT_FOR_DELIVERY';
  switch (audience) {
    case 'customer':
    case 'visitor':
      if (status === 'OUT_FOR_DELIVERY') return out(...BASE, ...PERSONAL, 'deliveryCode', 'driver', 'driverLocation');
      if (status === 'DELIVERED' || status === 'COLLECTED') return out(...BASE, ...PERSONAL, 'rateAndTip');
      return out(...BASE, ...PERSONAL, ...(onOrder ? (['driver'] as const) : []));
    case 'site_staff':
      return out(...BASE, ...PERSONAL, ...(onOrder ? (['driver'] as const) : []));
    case 'assigned_driver':
      return onOrder ? out(...BASE, ...PERSONAL) : out(...BASE);
    case 'console_admin':
      if (status === 'OUT_FOR_DELIVERY') return out(...BASE, ...PERSONAL, 'driver', 'driverLocation');
      return out(...BASE, ...PERSONAL, ...(onOrder ? (['driver'] as const) : []));
    case 'other_admin':
      return out(...BASE);
    case 'stranger':
      return [];
  }
}

const grid = ORDER_AUDIENCES.flatMap((audience) => ORDER_STATUSES.map((status) => ({ audience, status })));

describe('who sees which parts of an order', () => {
  it('covers every status in the hand-written groups', () => {
    expect([...BEFORE_DRIVER, ...WITH_DRIVER, 'OUT_FOR_DELIVERY', ...FINISHED].sort()).toEqual(
      [...ORDER_STATUSES].sort(),
    );
  });

  it.each(grid)('$audience on a $status order sees exactly its parts', ({ audience, status }) => {
    expect(visibleFields(audience, status).sort()).toEqual(expected(audience, status));
  });

  it("shows the assigned driver the customer's phone and address only until the job is finished", () => {
    expect(visibleFields('assigned_driver', 'OUT_FOR_DELIVERY')).toContain('contact');
    for (const status of FINISHED) {
      expect(visibleFields('assigned_driver', status)).not.toContain('contact');
      expect(visibleFields('assigned_driver', status)).not.toContain('delivery');
    }
  });

  it('never shows the delivery code to anyone but the customer', () => {
    const shown = grid.filter(({ audience, status }) => visibleFields(audience, status).includes('deliveryCode'));
    expect(new Set(shown.map((g) => g.audience))).toEqual(new Set(['customer', 'visitor']));
  });

  it('finds nothing for a stranger, so the order is "not found"', () => {
    for (const status of ORDER_STATUSES) expect(visibleFields('stranger', status)).toEqual([]);
  });
});

describe('the audience of a caller', () => {
  const consoleRoles: AdminRole[] = ['super_admin', 'ops_manager', 'cs_agent'];

  it.each(ADMIN_ROLES.map((role) => ({ role })))(
    'an admin with role $role sees contact details only with the order console',
    ({ role }) => {
      const audience = orderAudienceOf('admin', role);
      expect(audience).toBe(consoleRoles.includes(role) ? 'console_admin' : 'other_admin');
      expect(visibleFields(audience, 'PREPARING').includes('contact')).toBe(consoleRoles.includes(role));
    },
  );

  it('names the other callers by how the server found them', () => {
    expect(orderAudienceOf('customer', null)).toBe('customer');
    expect(orderAudienceOf('visitor', null)).toBe('visitor');
    expect(orderAudienceOf('staff', null)).toBe('site_staff');
    expect(orderAudienceOf('driver', null)).toBe('assigned_driver');
    expect(orderAudienceOf(null, 'super_admin')).toBe('stranger');
  });

  it('reports the web app viewer of each audience', () => {
    expect(viewerOf('site_staff')).toBe('staff');
    expect(viewerOf('assigned_driver')).toBe('driver');
    expect(viewerOf('console_admin')).toBe('admin');
    expect(viewerOf('other_admin')).toBe('admin');
    expect(viewerOf('visitor')).toBe('visitor');
  });
});
