import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { useMe } from '../lib/me';
import { fullPostcode } from '../../domain/checkout';

/**
 * The customer's known delivery postcode (docs/product/customer.md#delivers-here): the last
 * postcode the search placed (kept in this browser), else the default saved address of a
 * signed-in customer. Cards and the restaurant page say whether a branch delivers there.
 */
export type KnownPoint = { postcode: string; lat: number; lng: number };

const KEY = 'halalnosh-postcode';
const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(text: string | null): KnownPoint | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<KnownPoint>;
    return typeof v.postcode === 'string' && typeof v.lat === 'number' && typeof v.lng === 'number'
      ? { postcode: v.postcode, lat: v.lat, lng: v.lng }
      : null;
  } catch {
    return null;
  }
}

/** Remembers the point a search answered for (its postcode or deliverTo). */
export function rememberPostcode(point: KnownPoint): void {
  try {
    const text = JSON.stringify(point);
    if (localStorage.getItem(KEY) === text) return;
    localStorage.setItem(KEY, text);
  } catch {
    return;
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The remembered point (with its position), or null. */
export function useRememberedPoint(): KnownPoint | null {
  const text = useSyncExternalStore(subscribe, readStored, () => null);
  return parse(text);
}

/**
 * The postcode to ask the search about: the remembered one, else a signed-in customer's default
 * saved address (its position comes back with the search's answer and is remembered then).
 */
export function useKnownPostcode(): string | null {
  const remembered = useRememberedPoint();
  const me = useMe();
  const customer = me.data?.user?.userType === 'customer';
  const addresses = useQuery({
    queryKey: ['account', 'addresses'],
    queryFn: ({ signal }) => call(endpoints.account.getAccountAddresses, { signal }),
    enabled: customer && !remembered,
    staleTime: 60_000,
  });
  const fromAddress = addresses.data?.addresses.find((a) => a.isDefault)?.postcode ?? null;
  return remembered?.postcode ?? (customer ? fromAddress : null);
}

/**
 * The known postcode as `?deliverTo=` takes it (a full postcode, normalised), for the cards of the
 * city pages and the Favourites tab (docs/product/customer.md#delivers-here); null otherwise.
 */
export function useDeliverTo(): string | null {
  const known = useKnownPostcode();
  return known ? fullPostcode(known) : null;
}

/** Forgets the remembered postcode. */
export function useForgetPostcode(): () => void {
  return useCallback(() => {
    try {
      localStorage.removeItem(KEY);
    } catch {
      return;
    }
    for (const l of listeners) l();
  }, []);
}
