/** Checkout's own fields, each shown with its error under it (docs/product/customer.md#checkout). */
export const CHECKOUT_FIELDS = ['name', 'phone', 'email', 'address', 'postcode', 'instructions'] as const;
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/**
 * The order's body fields as the server names them, on checkout's fields, so a refusal lands on the
 * field the customer typed it in (docs/decisions/0221-forms-branch-on-codes-and-paths.md).
 */
export const CHECKOUT_SERVER_PATHS = {
  customerName: 'name',
  customerPhone: 'phone',
  customerEmail: 'email',
  deliveryAddress: 'address',
  deliveryPostcode: 'postcode',
  deliveryInstructions: 'instructions',
} as const satisfies Record<string, CheckoutField>;
