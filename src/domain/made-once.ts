/**
 * A value made on first use and kept. For the `Intl` formatters shared by the server and the
 * browser: the browser's first date formatter loads its calendar and time-zone data (30-70 ms of
 * main thread on a slow machine), so a formatter made when its module loads charged that to every
 * page that imports the module, including pages that never show a date
 * (docs/decisions/0186-landing-pages-main-thread.md).
 */
export function madeOnce<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
