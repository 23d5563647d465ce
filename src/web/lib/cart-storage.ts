import { useSyncExternalStore } from 'react';

/** Browser storage key of the cart (DECISIONS: keys start with halalnosh-). */
export const CART_STORAGE_KEY = 'halalnosh-cart';
/** Fired on window when this tab changes the stored cart (the storage event only reaches other tabs). */
export const CART_CHANGED_EVENT = 'halalnosh-cart-changed';

/** The number of items in the stored cart: the sum of quantities, 0 when missing or unreadable. */
export function readCartCount(): number {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return 0;
  }
  if (!raw) return 0;
  try {
    const parsed = JSON.parse(raw) as { items?: Array<{ quantity?: unknown }> };
    if (!Array.isArray(parsed?.items)) return 0;
    return parsed.items.reduce((sum, item) => {
      const q = Number(item?.quantity);
      return Number.isFinite(q) && q > 0 ? sum + Math.floor(q) : sum;
    }, 0);
  } catch {
    console.warn('The stored cart could not be read; showing an empty cart.');
    return 0;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

/** The stored cart's item count, kept current across tabs. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCartCount, () => 0);
}
