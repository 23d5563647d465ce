import { z } from 'zod';

/** The postcode messages (docs/product/driver.md#availability). */
export const POSTCODE_MESSAGES = {
  invalid: 'Please enter a valid postcode',
  failed: 'Failed to update postcode',
} as const;

/**
 * PATCH /api/driver/postcode (approved driver): a UK postcode or outward code, stored upper-case;
 * its leading letters become the area whose jobs the driver sees.
 */
export const updatePostcodeBody = z.strictObject({ postcode: z.string().max(12, POSTCODE_MESSAGES.invalid) });
export const updatePostcodeResponse = z.object({ currentPostcode: z.string(), currentArea: z.string() });
