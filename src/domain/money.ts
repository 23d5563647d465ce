/** A whole number with thousands commas, as en-GB writes it: 1144900 -> "1,144,900" (money.test.ts holds it to `Intl`). */
export function groupedInteger(value: number): string {
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/**
 * Formats pence as pounds, en-GB style: 399 -> "£3.99", 123456 -> "£1,234.56", -399 -> "-£3.99".
 * The same text as `Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })` (money.test.ts
 * holds them to it), written out by hand: a browser's first `Intl` formatter loads its locale data,
 * 45-55 ms of main thread on a slow machine, which every landing page paid for its prices alone
 * (docs/decisions/0186-landing-pages-main-thread.md). A fraction of a penny rounds half away
 * from zero, as Intl does; a negative amount that rounds to nothing reads "£0.00".
 */
export function formatPence(pence: number): string {
  const whole = Math.round(Math.abs(pence));
  const pounds = groupedInteger(Math.floor(whole / 100));
  const text = `£${pounds}.${String(whole % 100).padStart(2, '0')}`;
  return pence < 0 && whole > 0 ? `-${text}` : text;
}

/** A delivery fee of 0 or missing reads "Free" (docs/product/README.md#money-and-time). */
export function formatFee(pence: number | null | undefined): string {
  return pence ? formatPence(pence) : 'Free';
}

/** Pounds typed into a form to pence, rounding to the nearest penny (docs/product/partner.md#menu-manager: "rounding times 100"). */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}
