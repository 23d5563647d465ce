import { normalisePostcode } from '../../domain/geo';

/** The browser tab's last searched full postcode, carried into checkout (docs/product/customer.md#checkout). */
const KEY = 'halalnosh-searched-postcode';

/** Remembers a search location when it is a full UK postcode ("e16an" -> "E1 6AN"). */
export function rememberSearchedPostcode(location: string): void {
  const postcode = normalisePostcode(location)?.postcode;
  if (!postcode) return;
  try {
    sessionStorage.setItem(KEY, postcode);
  } catch {
    // storage unavailable (private mode): nothing to carry
  }
}

/** The last searched full postcode in this tab, or ''. */
export function searchedPostcode(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
