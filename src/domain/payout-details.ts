/**
 * Payout details as the driver types them and as they are kept (docs/product/driver.md#payout-details):
 * the shape is checked here, on both sides; whether the sort code and account number belong
 * together (the UK modulus rules) is checked by the server.
 */

export const PAYOUT_DETAILS_MESSAGES = {
  accountName: 'Enter the name on the account',
  sortCode: 'Enter a 6-digit sort code, like 12-34-56',
  accountNumber: 'Enter an 8-digit account number',
  modulus: 'This sort code and account number do not match. Please check them with your bank details.',
  saved: 'Payout details saved',
  missing: 'Add your payout details before you cash out',
} as const;

/** "12-34-56", "12 34 56" or "123456" -> "123456"; null when it is not six digits. */
export function normaliseSortCode(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** An 8-digit UK account number, spaces allowed; null otherwise. */
export function normaliseAccountNumber(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** "123456" -> "12-34-56". */
export function formatSortCode(sortCode: string): string {
  return `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4, 6)}`;
}

/** What the driver sees of their own account number: the last four digits ("••••5678"). */
export function maskAccountNumber(accountNumber: string): string {
  return `••••${accountNumber.slice(-4)}`;
}
