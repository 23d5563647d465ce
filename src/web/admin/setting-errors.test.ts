import { describe, expect, it } from 'vitest';
import { apiErrorOf } from '../lib/api';
import { settingErrors } from './setting-errors';

// Bodies as the settings routes send them (src/server/modules/settings/save-settings.ts), through the client's parser.
const refused = (message: string, fields: unknown[]) =>
  apiErrorOf({ error: { code: 'VALIDATION_ERROR', message, fields } }, 400, 'Bad Request');

describe('settingErrors', () => {
  it('puts each value Save All refused beside its own editor, by path', () => {
    const error = refused(
      'Service fee (%): Percentages must be between 0 and 100; Pickup pay (pence): Amounts cannot be negative',
      [
        {
          in: 'body',
          path: 'settings.service_fee_percent',
          message: 'Service fee (%): Percentages must be between 0 and 100',
        },
        { in: 'body', path: 'settings.pickup_pay_minor', message: 'Pickup pay (pence): Amounts cannot be negative' },
      ],
    );
    expect(settingErrors(error)).toEqual({
      fields: {
        service_fee_percent: 'Service fee (%): Percentages must be between 0 and 100',
        pickup_pay_minor: 'Pickup pay (pence): Amounts cannot be negative',
      },
      form: null,
    });
  });

  it('puts a one-key save refused as `value` beside the editor that was saved', () => {
    const error = refused('Max delivery radius (km): The radius must be at most 100 km', [
      { in: 'body', path: 'value', message: 'Max delivery radius (km): The radius must be at most 100 km' },
    ]);
    expect(settingErrors(error, 'max_delivery_radius')).toEqual({
      fields: { max_delivery_radius: 'Max delivery radius (km): The radius must be at most 100 km' },
      form: null,
    });
    // Without knowing which key was saved, `value` names no editor: the toast has it.
    expect(settingErrors(error).fields).toEqual({});
  });

  it('leaves a refusal that names no editor, or an unknown key, to the toast', () => {
    const forbidden = apiErrorOf({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }, 403, 'Forbidden');
    expect(settingErrors(forbidden, 'company_name')).toEqual({ fields: {}, form: 'Forbidden' });
    const unknown = refused('Unknown setting colour_scheme', [
      { in: 'body', path: 'settings.colour_scheme', message: 'Unknown setting colour_scheme' },
    ]);
    expect(settingErrors(unknown)).toEqual({ fields: {}, form: 'Unknown setting colour_scheme' });
  });
});
