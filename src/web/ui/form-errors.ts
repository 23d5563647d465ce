import type { FieldError } from '../../domain/errors';
import { ApiError } from '../lib/api';

/** A form's message per field, by the form's own field names. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** What a failed request shows: messages beside their fields, the rest in the form's alert. */
export type SplitErrors<F extends string> = { fields: FormErrors<F>; form: string | null };

/** What a form shows for a failure that is not an answer of the API (a bug, not the user's doing). */
export const UNEXPECTED_FORM_ERROR = 'Something went wrong. Please try again.';

/**
 * The form field a server path lands on: the longest of the form's field names or `paths` keys
 * that is the path or a leading part of it ("items.0.quantity" lands on "items.0.quantity", then
 * "items.0", then "items"). Only body and query fields: a path parameter is no field of a form.
 */
function fieldOf<F extends string>(
  refused: FieldError,
  fields: readonly F[],
  paths: Readonly<Record<string, F>>,
): F | null {
  if (refused.in !== 'body' && refused.in !== 'query') return null;
  const segments = refused.path.split('.');
  for (let n = segments.length; n > 0; n--) {
    const prefix = segments.slice(0, n).join('.');
    if (Object.hasOwn(paths, prefix)) return paths[prefix];
    if ((fields as readonly string[]).includes(prefix)) return prefix as F;
  }
  return null;
}

/**
 * Splits a failed request between a form's fields and the form as a whole
 * (docs/decisions/0219-one-form-kit.md): each field the server named by its path gets its first
 * message; what lands on no field of the form goes to the form's alert, and so does the whole
 * message when nothing landed. The mapping reads paths, never the wording of a message.
 */
export function splitServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  paths: Readonly<Record<string, F>> = {},
  unexpected = UNEXPECTED_FORM_ERROR,
): SplitErrors<F> {
  if (!(error instanceof ApiError)) return { fields: {}, form: unexpected };
  const placed: FormErrors<F> = {};
  const rest: string[] = [];
  for (const refused of error.fields) {
    const field = fieldOf(refused, fields, paths);
    if (field) placed[field] ??= refused.message;
    else if (!rest.includes(refused.message)) rest.push(refused.message);
  }
  if (!Object.keys(placed).length) return { fields: {}, form: error.message || UNEXPECTED_FORM_ERROR };
  return { fields: placed, form: rest.length ? rest.join(' ') : null };
}

/** Whether any field has a message. */
export function hasErrors<F extends string>(errors: FormErrors<F>): boolean {
  return Object.values(errors).some(Boolean);
}
