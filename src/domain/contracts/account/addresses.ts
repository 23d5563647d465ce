import { z } from 'zod';

/**
 * The signed-in customer's saved addresses (GET/POST /api/account/addresses,
 * PATCH/DELETE /api/account/addresses/:id). Default first; exactly one default whenever any exist.
 */
export const customerAddress = z.object({
  id: z.uuid(),
  label: z.string().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  /** Normalised: "E1 6AN". */
  postcode: z.string(),
  deliveryInstructions: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type CustomerAddress = z.infer<typeof customerAddress>;

const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const createAddressBody = z.strictObject({
  label: optionalText(50),
  addressLine1: z.string().trim().min(1, 'Please enter the first line of the address').max(200),
  addressLine2: optionalText(200),
  city: z.string().trim().min(1, 'Please enter the town or city').max(100),
  /** Checked and normalised by the server: "Please enter a valid UK postcode". */
  postcode: z.string().trim().min(1, 'Please enter a valid UK postcode').max(20),
  deliveryInstructions: optionalText(500),
  /** The first address is always the default. */
  isDefault: z.boolean().optional(),
});

/** Every field optional. isDefault true makes it the default; false on the default is ignored (pick another instead). */
export const updateAddressBody = createAddressBody.partial();

export const addressParams = z.strictObject({ id: z.uuid('id must be a UUID') });
export const addressResponse = z.object({ address: customerAddress });
export const listAddressesResponse = z.object({ addresses: z.array(customerAddress) });
