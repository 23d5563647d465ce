import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  checkoutProblem,
  fullPostcode,
  isUkPhone,
  orderRefusals,
  siteDisplayName,
} from './checkout';

const ok = {
  orderType: 'DELIVERY' as const,
  customerName: 'Aisha',
  customerPhone: '07700 900123',
  deliveryAddress: '1 High St',
  deliveryPostcode: 'e1 6an',
};

describe('checkout rules', () => {
  it('accepts a complete delivery form', () => {
    expect(checkoutProblem(ok)).toBeNull();
  });

  it('asks for name and phone first', () => {
    expect(checkoutProblem({ ...ok, customerName: '  ' })).toBe('Please fill in name and phone');
    expect(checkoutProblem({ ...ok, customerPhone: '' })).toBe('Please fill in name and phone');
  });

  it('asks for address and postcode only for delivery', () => {
    expect(checkoutProblem({ ...ok, deliveryAddress: '' })).toBe('Please fill in address and postcode for delivery');
    expect(checkoutProblem({ ...ok, deliveryPostcode: null })).toBe('Please fill in address and postcode for delivery');
    expect(checkoutProblem({ ...ok, orderType: 'PICKUP', deliveryAddress: null, deliveryPostcode: null })).toBeNull();
  });

  it('wants a UK phone number of at least 10 digits', () => {
    expect(isUkPhone('07700 900123')).toBe(true);
    expect(isUkPhone('+44 7700 900123')).toBe(true);
    expect(isUkPhone('0770090')).toBe(false);
    expect(isUkPhone('(020) 7946 0018')).toBe(true);
    expect(isUkPhone('0044 7700 900123')).toBe(true);
    expect(isUkPhone('+33 1 23 45 67 89')).toBe(false);
    expect(isUkPhone('0770-090-012')).toBe(false);
    expect(checkoutProblem({ ...ok, customerPhone: 'call me' })).toBe(CHECKOUT_MESSAGES.phone);
  });

  it('wants a full UK postcode for delivery', () => {
    expect(fullPostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(fullPostcode('E1')).toBeNull();
    expect(checkoutProblem({ ...ok, deliveryPostcode: 'nowhere' })).toBe('Please enter a valid UK postcode');
  });

  it('names a branch after its brand', () => {
    expect(siteDisplayName('Kervan Ocakbasi', 'Dalston')).toBe('Kervan Ocakbasi (Dalston)');
    expect(siteDisplayName('Kervan Ocakbasi', 'Main Branch')).toBe('Kervan Ocakbasi');
    expect(siteDisplayName('Kervan', 'Kervan Dalston')).toBe('Kervan Dalston');
  });

  it('words the refusals with pounds and names', () => {
    expect(orderRefusals.minimumOrder('Kervan (Dalston)', 1000)).toBe('Minimum order for Kervan (Dalston) is £10.00');
    expect(orderRefusals.outOfRange('Kervan (Dalston)', 'W1 1AA')).toBe('Kervan (Dalston) does not deliver to W1 1AA');
  });
});
