const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Formats integer pence as pounds, en-GB style: 399 -> "£3.99". */
export function formatPence(pence: number): string {
  return GBP.format(pence / 100);
}

/** A delivery fee of 0 or missing reads "Free" (docs/product/README.md#money-and-time). */
export function formatFee(pence: number | null | undefined): string {
  return pence ? formatPence(pence) : 'Free';
}

/** Pounds typed into a form to pence, rounding to the nearest penny (docs/product/partner.md#menu-manager: "rounding times 100"). */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}
