/**
 * The company name and support phone of the platform settings, as every message names them
 * (docs/decisions/0171-company-details-in-messages.md): the customer footer, the order page, each
 * e-mail's footer and the receipt (docs/product/customer.md#receipt).
 */
export type CompanyDetails = { companyName: string; supportPhone: string };

/** The setting keys they come from (`companyDetailsFrom` in settings.ts). No zod here: customer pages import this file. */
export const COMPANY_SETTING_KEYS = ['company_name', 'support_phone'] as const;

/** The words around them (docs/product/customer.md#receipt, docs/product/customer.md#order-tracking). */
export const COMPANY_TEXTS = {
  /** The last line of every e-mail, text and HTML. */
  emailFooter: (c: CompanyDetails) => `${c.companyName} · Customer support: ${c.supportPhone}`,
  /** On the receipt, after the payment line. */
  receiptHelp: (supportPhone: string) => `Questions about your order? Call ${supportPhone}.`,
  /** On the customer's order page, before the phone as a link. */
  orderPageHelp: 'Need help? Call',
} as const;

/** What ends the text of every e-mail: a separator and the footer line. */
export function emailFooterText(c: CompanyDetails): string {
  return `\n\n--\n${COMPANY_TEXTS.emailFooter(c)}`;
}
