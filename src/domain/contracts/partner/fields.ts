import { z } from 'zod';

/** Empty or blank text means "no value": stored as null. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional free text: trimmed, blank becomes null. */
export function optionalText(max: number, label = 'This field') {
  return z
    .preprocess(blankToNull, z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();
}

export const optionalEmail = z
  .preprocess(
    blankToNull,
    z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')).nullable(),
  )
  .optional();

export const optionalPhone = z
  .preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(30, 'Please enter a valid phone number')
      .regex(/^\+?[0-9 ()-]{6,}$/, 'Please enter a valid phone number')
      .nullable(),
  )
  .optional();

export const optionalWebsite = z
  .preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(300)
      .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'Please enter a valid website address starting with http:// or https://')
      .nullable(),
  )
  .optional();

/** An image HalalNosh stores (/api/uploads/{id}) or an https address. */
export const optionalImageUrl = z
  .preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(500)
      .regex(
        /^(\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|https:\/\/[^\s]+)$/i,
        'Please upload an image or give an https address',
      )
      .nullable(),
  )
  .optional();

/** Required text: trimmed, never blank. */
export function requiredText(max: number, message: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
}
