import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf } from '../lib/api';
import { UNEXPECTED_FORM_ERROR, splitServerErrors } from './form-errors';

// Bodies as the server sends them (src/server/plugins/errors.ts), through the client's own parser.
const refused = (message: string, fields: unknown[]) =>
  apiErrorOf({ error: { code: 'VALIDATION_ERROR', message, fields } }, 400, 'Bad Request');

const ADDRESS = ['label', 'addressLine1', 'city', 'postcode'] as const;

describe('splitServerErrors', () => {
  it('puts each refused body field beside the form field of the same name', () => {
    const error = refused(
      'addressLine1: Please enter the first line of the address; city: Please enter the town or city',
      [
        { in: 'body', path: 'addressLine1', message: 'Please enter the first line of the address' },
        { in: 'body', path: 'city', message: 'Please enter the town or city' },
      ],
    );
    expect(splitServerErrors(error, ADDRESS)).toEqual({
      fields: { addressLine1: 'Please enter the first line of the address', city: 'Please enter the town or city' },
      form: null,
    });
  });

  it('maps by path, whatever the message says: a reworded postcode message still lands on the postcode', () => {
    // The old dialog looked for "postcode" in the text; this wording has no such word.
    const error = refused("We couldn't find that address", [
      { in: 'body', path: 'postcode', message: "We couldn't find that address" },
    ]);
    expect(splitServerErrors(error, ADDRESS).fields).toEqual({ postcode: "We couldn't find that address" });
  });

  it('lands a nested path on its nearest named part, or on a field the form renames', () => {
    const error = refused('items.0.quantity: Too big: expected number to be <=50', [
      { in: 'body', path: 'items.0.quantity', message: 'Too big: expected number to be <=50' },
      { in: 'body', path: 'openingHours.3.opensAt', message: 'Enter a time like 09:00' },
    ]);
    expect(splitServerErrors(error, ['items', 'thursday'], { 'openingHours.3': 'thursday' }).fields).toEqual({
      items: 'Too big: expected number to be <=50',
      thursday: 'Enter a time like 09:00',
    });
  });

  it('keeps the first message of a field and puts what lands on no field in the form alert', () => {
    const error = refused('several', [
      { in: 'body', path: 'city', message: 'Please enter the town or city' },
      { in: 'body', path: 'city', message: 'Too long' },
      { in: 'body', path: 'isDefault', message: 'Invalid input: expected boolean' },
      { in: 'params', path: 'postcode', message: 'id must be a UUID' },
    ]);
    expect(splitServerErrors(error, ADDRESS)).toEqual({
      fields: { city: 'Please enter the town or city' },
      form: 'Invalid input: expected boolean id must be a UUID',
    });
  });

  it('shows the whole readable message in the form alert when no field of the form was named', () => {
    expect(splitServerErrors(new ApiError('CONFLICT', 'This address was changed meanwhile', 409), ADDRESS)).toEqual({
      fields: {},
      form: 'This address was changed meanwhile',
    });
    const stranger = refused('deliveryPostcode: Please enter a valid UK postcode', [
      { in: 'body', path: 'deliveryPostcode', message: 'Please enter a valid UK postcode' },
    ]);
    expect(splitServerErrors(stranger, ADDRESS).form).toBe('deliveryPostcode: Please enter a valid UK postcode');
  });

  it('ignores malformed field lists (a proxy, an older server) and non-API failures', () => {
    const odd = refused('Please enter a valid UK postcode', [{ path: 'postcode' }, 'postcode', null]);
    expect(odd.fields).toEqual([]);
    expect(splitServerErrors(odd, ADDRESS)).toEqual({ fields: {}, form: 'Please enter a valid UK postcode' });
    expect(splitServerErrors(new TypeError('x is undefined'), ADDRESS)).toEqual({
      fields: {},
      form: UNEXPECTED_FORM_ERROR,
    });
  });

  it('does not take a path for an inherited property name', () => {
    const error = refused('constructor: bad', [{ in: 'body', path: 'constructor', message: 'bad' }]);
    expect(splitServerErrors(error, ADDRESS)).toEqual({ fields: {}, form: 'constructor: bad' });
  });
});
