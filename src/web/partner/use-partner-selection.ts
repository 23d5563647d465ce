import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from '../lib/router';
import type { SiteSummary } from '../../domain/contracts/partner/brands';
import { type PartnerBrand, useBrands } from './partner-api';

/** Remembered for comfort only: the server decides on every call what this partner may see. */
export const SITE_STORAGE_KEY = 'halalnosh-partner-site';
export const BRAND_STORAGE_KEY = 'halalnosh-partner-brand';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string | null): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // private mode: the URL still carries the choice
  }
}

export type SelectedSite = SiteSummary & { brand: PartnerBrand };

export type PartnerSelection = {
  brands: PartnerBrand[];
  brand: PartnerBrand | null;
  site: SelectedSite | null;
  /** ?site= names a location this partner cannot see (another brand's, deleted, or mistyped). */
  unknownSite: boolean;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
  /** Selects a location (or a brand with none) for this page and remembers it. */
  select: (choice: { siteId: string } | { brandId: string }) => void;
  /** A console path carrying the current location: `withSite('/partner/menu')`. */
  withSite: (path: string, siteId?: string | null) => string;
};

/**
 * The brand and location the console works on: the location in the path or ?site= first, then the remembered
 * choice, then the first location of the first brand. ?brand= picks a brand that has no location yet.
 */
export function usePartnerSelection(): PartnerSelection {
  const query = useBrands();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const brands = useMemo(() => query.data ?? [], [query.data]);
  // /partner/location/{siteId} names its location in the path.
  const urlSite = useParams().siteId ?? params.get('site');
  const urlBrand = params.get('brand');

  const sites: SelectedSite[] = brands.flatMap((brand) => brand.sites.map((s) => ({ ...s, brand })));
  let site = urlSite ? (sites.find((s) => s.id === urlSite) ?? null) : null;
  const brandFromUrl = urlBrand ? (brands.find((b) => b.id === urlBrand) ?? null) : null;
  if (!urlSite && !site) {
    const stored = readStored(SITE_STORAGE_KEY);
    const storedBrand = readStored(BRAND_STORAGE_KEY);
    const brandChoice = brandFromUrl ?? brands.find((b) => b.id === storedBrand) ?? null;
    site =
      (brandChoice
        ? sites.find((s) => s.brand.id === brandChoice.id && s.id === stored)
        : sites.find((s) => s.id === stored)) ??
      (brandChoice ? (sites.find((s) => s.brand.id === brandChoice.id) ?? null) : null) ??
      (brandChoice ? null : (sites[0] ?? null));
  }
  const brand =
    site?.brand ?? brandFromUrl ?? brands.find((b) => b.id === readStored(BRAND_STORAGE_KEY)) ?? brands[0] ?? null;

  const select = useCallback<PartnerSelection['select']>(
    (choice) => {
      const next = new URLSearchParams();
      if ('siteId' in choice) {
        store(SITE_STORAGE_KEY, choice.siteId);
        const owner = brands.find((b) => b.sites.some((s) => s.id === choice.siteId));
        store(BRAND_STORAGE_KEY, owner?.id ?? null);
        next.set('site', choice.siteId);
      } else {
        store(BRAND_STORAGE_KEY, choice.brandId);
        store(SITE_STORAGE_KEY, null);
        next.set('brand', choice.brandId);
      }
      // The edit page of one location follows the switcher to the other location's edit page.
      if ('siteId' in choice && location.pathname.startsWith('/partner/location/')) {
        navigate(`/partner/location/${choice.siteId}`);
        return;
      }
      navigate({ pathname: location.pathname, search: `?${next}` });
    },
    [brands, location.pathname, navigate],
  );

  const withSite = useCallback(
    (path: string, siteId?: string | null) => {
      const id = siteId === undefined ? site?.id : siteId;
      return id ? `${path}?site=${id}` : path;
    },
    [site?.id],
  );

  return {
    brands,
    brand,
    site,
    unknownSite: !!urlSite && !site && query.isSuccess,
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
    select,
    withSite,
  };
}
