/**
 * The content coding to answer with, from the request's Accept-Encoding: brotli when accepted,
 * else gzip, else none (a coding listed with q=0 is refused).
 */
export function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  const accepts = (name: string) =>
    accept.split(',').some((part) => {
      const [coding, ...params] = part.trim().split(';');
      return coding.trim().toLowerCase() === name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}
