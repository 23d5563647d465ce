// Types for the untyped Vocalink modulus-checking library (docs/decisions/0159-payout-requests.md).
declare module 'uk-modulus-checking' {
  export default class UkModulusChecking {
    constructor(input: { accountNumber: string; sortCode: string });
    isValid(): boolean;
  }
}
