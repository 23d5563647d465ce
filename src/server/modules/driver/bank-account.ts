import UkModulusChecking from 'uk-modulus-checking';

/**
 * Whether a sort code and account number pass the UK modulus rules that Vocalink publishes for
 * Bacs and Faster Payments (weights, exceptions and the sort-code substitution table), through
 * the uk-modulus-checking library (docs/decisions/0159-payout-requests.md). A pass means the pair
 * can exist, not that the account is open or is the driver's.
 */
export function passesModulusCheck(sortCode: string, accountNumber: string): boolean {
  try {
    return new UkModulusChecking({ sortCode, accountNumber }).isValid();
  } catch {
    return false;
  }
}
