import { describe, expect, it } from 'vitest';
import { passesModulusCheck } from './bank-account';

// Test cases published with Vocalink's "Validating account numbers" specification (v6.40): the
// valid pairs cover the standard checks and the exceptions, the invalid ones fail a check digit.
const VALID: [string, string][] = [
  ['089999', '66374958'],
  ['107999', '88837491'],
  ['202959', '63748472'],
  ['871427', '46238510'],
  ['872427', '46238510'],
  ['871427', '09123496'],
  ['871427', '99123496'],
  ['820000', '73688637'],
  ['827999', '73988638'],
  ['827101', '28748352'],
  ['134020', '63849203'],
  ['118765', '64371389'],
  ['200915', '41011166'],
  ['938611', '07806039'],
  ['938600', '42368003'],
  ['086090', '06774744'],
  ['309070', '02355688'],
  ['309070', '12345668'],
  ['309070', '12345677'],
  ['309070', '99345694'],
  ['938063', '55065200'],
];

const INVALID: [string, string][] = [
  ['089999', '66374959'],
  ['107999', '88837493'],
  ['118765', '64371388'],
  ['203099', '66831036'],
  ['203099', '58716970'],
  ['938063', '15763217'],
  ['938063', '15764264'],
  ['938063', '15764273'],
];

describe('UK modulus check', () => {
  it.each(VALID)('passes sort code %s with account %s', (sortCode, account) => {
    expect(passesModulusCheck(sortCode, account)).toBe(true);
  });

  it.each(INVALID)('fails sort code %s with account %s', (sortCode, account) => {
    expect(passesModulusCheck(sortCode, account)).toBe(false);
  });

  it('fails malformed input instead of throwing', () => {
    expect(passesModulusCheck('12345', '12345678')).toBe(false);
    expect(passesModulusCheck('089999', 'abc')).toBe(false);
  });

  // 040300 to 040329 is a range the 2020 table (v6.40) does not list, so it let any account number
  // through; the current table (v8.50) checks it with MOD10 weights 0 0 3 7 1 3 7 1 3 7 1 3 7 1. A new
  // digital bank's sort code is what a driver signing up today is likely to type.
  it('checks a sort-code range published since 2020 (040300 to 040329)', () => {
    expect(passesModulusCheck('040300', '31415922')).toBe(true);
    expect(passesModulusCheck('040300', '31415923')).toBe(false);
  });
});
