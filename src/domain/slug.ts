/**
 * A location's slug (docs/product/partner.md#locations): the lowercased name with every run of characters that are
 * not a-z or 0-9 turned into one dash, dashes trimmed from both ends. A name with no such
 * characters at all ("???") gives "location", so a slug is never empty.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'location';
}

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The slug retried after a duplicate (database code 23505): the base plus a dash and 4 random
 * characters from a-z0-9. `random` returns numbers in [0, 1); pass a CSPRNG-backed one on the server.
 */
export function slugWithSuffix(base: string, random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += SUFFIX_ALPHABET[Math.floor(random() * SUFFIX_ALPHABET.length)];
  return `${base}-${suffix}`;
}
