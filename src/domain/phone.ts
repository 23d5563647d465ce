/**
 * Phone numbers in one form (docs/decisions/0208-phones-in-e164.md): stored and searched in
 * E.164 (+447700900123), shown in UK style (07700 900123).
 */

/**
 * A UK number as people write it (07700 900123, +44 7700 900123, +44 (0)7700 900123,
 * 0044 7700 900123, (020) 7946 0018, 07700-900-123), in E.164; null when it is not a UK number:
 * a national number of 10 digits after the 0, starting 1, 2, 3, 5, 7, 8 or 9 (9 digits for some
 * 01 areas and 0800 numbers).
 */
export function normaliseUkPhone(text: string): string | null {
  const compact = text.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let national: string;
  if (compact.startsWith('+44')) national = compact.slice(3);
  else if (compact.startsWith('0044')) national = compact.slice(4);
  else if (compact.startsWith('+')) return null;
  else if (compact.startsWith('0')) national = compact.slice(1);
  else return null;
  // "+44 (0)7700 900123": the trunk 0 written after the country code.
  if (national.startsWith('0')) national = national.slice(1);
  if (!/^[1235789]\d{9}$/.test(national) && !/^[18]\d{8}$/.test(national)) return null;
  return `+44${national}`;
}

/**
 * The form a phone is stored in: a UK number in E.164; another country's number written with its
 * code (+33 1 23 45 67 89) as E.164 too; anything else trimmed as typed (the contracts decide what
 * they accept). Empty stays empty.
 */
export function phoneForStorage(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const uk = normaliseUkPhone(trimmed);
  if (uk) return uk;
  const compact = trimmed.replace(/[\s().-]/g, '');
  if (/^\+\d{7,15}$/.test(compact)) return compact;
  if (/^00\d{7,15}$/.test(compact)) return `+${compact.slice(2)}`;
  return trimmed;
}

/** `phoneForStorage` for a column that may be empty or null: null then. */
export function storedPhone(text: string | null | undefined): string | null {
  return text == null || !text.trim() ? null : phoneForStorage(text);
}

/**
 * A stored phone in UK style: mobiles "07700 900123", London "020 7946 0018", non-geographic
 * "0300 123 4567", other areas "01632 960123" ("0121 496 0000" for the 01x1 cities); another
 * country's number or anything unrecognised as stored.
 */
export function formatPhone(stored: string): string {
  const e164 = normaliseUkPhone(stored);
  if (!e164) return stored;
  const n = e164.slice(3);
  const zero = `0${n}`;
  if (n.length === 9) return `${zero.slice(0, 5)} ${zero.slice(5)}`;
  if (n.startsWith('2')) return `${zero.slice(0, 3)} ${zero.slice(3, 7)} ${zero.slice(7)}`;
  if (n.startsWith('7')) return `${zero.slice(0, 5)} ${zero.slice(5)}`;
  if (/^[3589]/.test(n) || n[1] === '1' || n[2] === '1')
    return `${zero.slice(0, 4)} ${zero.slice(4, 7)} ${zero.slice(7)}`;
  return `${zero.slice(0, 5)} ${zero.slice(5)}`;
}

/**
 * The digits a phone search looks for in stored E.164 numbers: a UK number's national digits
 * without its 0 or +44 (so 07700900123, +447700900123 and "07700 900" all find +447700900123),
 * other digits as typed; null when the text is not a phone search.
 */
export function phoneSearchDigits(text: string): string | null {
  const compact = text.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{4,15}$/.test(compact)) return null;
  if (compact.startsWith('+44')) return compact.slice(3).replace(/^0/, '');
  if (compact.startsWith('0044')) return compact.slice(4).replace(/^0/, '');
  if (compact.startsWith('+')) return compact.slice(1);
  if (compact.startsWith('0')) return compact.slice(1);
  return compact;
}
