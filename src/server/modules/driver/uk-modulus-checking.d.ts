// Types for the untyped Vocalink modulus-checking library (docs/decisions/0159-payout-requests.md).
// The two loaders are overridden to feed it the current tables (docs/decisions/0217-current-modulus-data.md).
declare module 'uk-modulus-checking' {
  export default class UkModulusChecking {
    constructor(input: { accountNumber: string; sortCode: string });
    isValid(): boolean;
    loadValacdos(): unknown[];
    loadScsubtab(): unknown[];
  }
}
