import { toE164 } from '../../../domain/sms';

/** What a person's details are replaced with in texts kept after their account is deleted. */
export const REMOVED = '[removed]';

const SEP = '[ ().-]*';
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A phone number in any of the forms people write it (+447700900123, +44 (0)7700 900123,
 * 0044 7700 900123, 07700 900123, 07700-900-123), as a regular expression both JavaScript and
 * PostgreSQL read alike.
 */
export function phonePattern(phone: string): string | null {
  const e164 = toE164(phone);
  if (!e164) return null;
  if (e164.startsWith('+44')) {
    const national = e164.slice(3).split('').join(SEP);
    return `(?:\\+${SEP}44${SEP}(?:\\(?0\\)?${SEP})?|0044${SEP}|0)${national}`;
  }
  return `(?:\\+|00)${SEP}${e164.slice(1).split('').join(SEP)}`;
}

/**
 * One case-insensitive pattern for every detail of a person that may have been copied into free
 * text (e-mail addresses, names, address lines, phone numbers); null when there is nothing to look
 * for. Very short words are left out: "Al" would take bites out of every other sentence.
 */
export function personalDetailsPattern(details: {
  texts: (string | null | undefined)[];
  phones: (string | null | undefined)[];
}): string | null {
  const texts = [
    ...new Set(details.texts.map((s) => s?.trim().replace(/\s+/g, ' ') ?? '').filter((s) => s.length >= 4)),
  ]
    // Longest first, so a full name goes before the e-mail or surname it contains.
    .sort((a, b) => b.length - a.length)
    .map((s) => escapeRegex(s).replace(/ /g, '\\s+'));
  const phones = [...new Set(details.phones.map((p) => (p ? phonePattern(p) : null)).filter((p) => p !== null))];
  const parts = [...texts, ...phones];
  return parts.length ? parts.join('|') : null;
}
