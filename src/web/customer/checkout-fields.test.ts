import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { splitServerErrors } from '../ui/form-errors';
import { CHECKOUT_FIELDS, CHECKOUT_SERVER_PATHS } from './checkout-fields';

const refused = (fields: { path: string; message: string }[]) =>
  new ApiError(
    'VALIDATION_ERROR',
    fields.map((f) => `${f.path}: ${f.message}`).join('; '),
    400,
    fields.map((f) => ({ in: 'body' as const, ...f })),
  );

const split = (error: unknown) => splitServerErrors(error, CHECKOUT_FIELDS, CHECKOUT_SERVER_PATHS);

describe('checkout’s server paths', () => {
  it('put a visitor’s refused e-mail and too long instructions under Email and Delivery instructions', () => {
    const shown = split(
      refused([
        { path: 'customerEmail', message: 'Please enter a valid email address' },
        { path: 'deliveryInstructions', message: 'Too big: expected string to have <=500 characters' },
      ]),
    );
    expect(shown).toEqual({
      fields: {
        email: 'Please enter a valid email address',
        instructions: 'Too big: expected string to have <=500 characters',
      },
      form: null,
    });
  });

  it('put the postcode the server cannot place under Postcode', () => {
    expect(split(refused([{ path: 'deliveryPostcode', message: 'Please enter a valid UK postcode' }])).fields).toEqual({
      postcode: 'Please enter a valid UK postcode',
    });
  });

  it('leave a refused line of the cart to the form (the toast), on no field', () => {
    const shown = split(refused([{ path: 'items.0.quantity', message: 'Quantity must be at most 50' }]));
    expect(shown.fields).toEqual({});
    expect(shown.form).toBe('items.0.quantity: Quantity must be at most 50');
  });
});
