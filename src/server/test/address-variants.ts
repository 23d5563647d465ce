/**
 * Other spellings of one API address, for the authorization matrix: the router decodes
 * percent-escapes, so a hook that read the raw address would treat `/%61pi/admin/drivers` as
 * something other than /api/admin/drivers (docs/decisions/0196-policy-decided-by-the-matched-route.md).
 * Each variant must get the canonical answer or a 404, never more.
 */
export type AddressVariant = { name: string; url: string };

const hex = (c: string) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');

/**
 * The structural spellings of a canonical `/api/…` address (no query string): the encoded prefix
 * as reported, doubled and trailing slashes, dot segments, a `;` parameter on the prefix, and a
 * query string appended. Note: app.inject resolves `/./` and `/x/../` before the router sees them
 * (as a browser would); the raw forms over a socket are in security/route-address.test.ts.
 */
export function structuralVariants(url: string): AddressVariant[] {
  if (!url.startsWith('/api/') || url.includes('?')) throw new Error(`not a canonical API address: ${url}`);
  const rest = url.slice('/api'.length);
  return [
    { name: 'encoded prefix', url: `/%61pi${rest}` },
    { name: 'trailing slash', url: `${url}/` },
    { name: 'leading double slash', url: `/${url}` },
    { name: 'double slash after /api', url: `/api/${rest}` },
    { name: 'dot segment', url: `/api/.${rest}` },
    { name: 'dot-dot segment', url: `/api/zz/..${rest}` },
    { name: '; parameter', url: `/api;v=1${rest}` },
    { name: 'query string', url: `${url}?variant=1` },
  ];
}

/**
 * One character of the address percent-encoded at a time, every character of the prefix and of
 * each segment (parameters included: the router decodes them to the same value); an escape with
 * a hex letter both in upper and in lower case. Ordered across the segments (the first character
 * of each segment, then the second of each, …), so any leading share of the list reaches every
 * segment.
 */
export function characterVariants(url: string): AddressVariant[] {
  const bySegment: AddressVariant[][] = [];
  let start = 1;
  for (const segment of url.slice(1).split('/')) {
    const own: AddressVariant[] = [];
    for (let k = 0; k < segment.length; k++) {
      const i = start + k;
      const h = hex(url[i]);
      const at = (escape: string) => ({
        name: `${url[i]} at ${i} as %${escape}`,
        url: `${url.slice(0, i)}%${escape}${url.slice(i + 1)}`,
      });
      own.push(at(h));
      if (/[A-F]/.test(h)) own.push(at(h.toLowerCase()));
    }
    bySegment.push(own);
    start += segment.length + 1;
  }
  const out: AddressVariant[] = [];
  for (let k = 0; bySegment.some((own) => k < own.length); k++)
    for (const own of bySegment) if (k < own.length) out.push(own[k]);
  return out;
}

/** Runs `tasks` with at most `limit` at once (the app answers while the database works). */
export async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
