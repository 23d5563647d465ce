import { eq, inArray } from 'drizzle-orm';
import type { RestaurantCard } from '../../../domain/contracts/catalog/restaurant-card';
import { isOpenNow } from '../../../domain/open-now';
import type { DbOrTx } from '../../db/client';
import { brands, sites } from '../../db/schema/index';

/** The columns a card needs, and no more: search answers stay small. */
export const cardColumns = {
  id: sites.id,
  slug: sites.slug,
  brandId: sites.brandId,
  brandName: brands.name,
  logoUrl: brands.logoUrl,
  branchName: sites.name,
  city: sites.city,
  cuisines: sites.cuisines,
  ratingAvg: sites.ratingAvg,
  reviewCount: sites.reviewCount,
  etaMinMinutes: sites.etaMinMinutes,
  etaMaxMinutes: sites.etaMaxMinutes,
  busyExtraMinutes: sites.busyExtraMinutes,
  deliveryFeeMinor: sites.deliveryFeeMinor,
  minOrderMinor: sites.minOrderMinor,
  halalStatus: sites.halalStatus,
  lastVerifiedAt: sites.lastVerifiedAt,
  imageUrl: sites.imageUrl,
  isOpen: sites.isOpen,
  openingHours: sites.openingHours,
  pausedUntil: sites.pausedUntil,
  description: sites.description,
  address: sites.address,
  postcode: sites.postcode,
  phone: sites.phone,
  lat: sites.lat,
  lng: sites.lng,
  deliveryRadiusKm: sites.deliveryRadiusKm,
};

/** Branches joined to their brands; callers add the where clause (always status active). */
export function selectCardRows(db: DbOrTx) {
  return db.select(cardColumns).from(sites).innerJoin(brands, eq(brands.id, sites.brandId));
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof selectCardRows>['execute']>>[number];

/**
 * What a search needs to filter, order and page the branches (and no wide text): at 500 branches
 * a city, reading every card column of every branch cost more than the rest of the search.
 */
export const rankColumns = {
  id: sites.id,
  slug: sites.slug,
  brandName: brands.name,
  branchName: sites.name,
  cuisines: sites.cuisines,
  ratingAvg: sites.ratingAvg,
  reviewCount: sites.reviewCount,
  etaMaxMinutes: sites.etaMaxMinutes,
  busyExtraMinutes: sites.busyExtraMinutes,
  deliveryFeeMinor: sites.deliveryFeeMinor,
  halalStatus: sites.halalStatus,
  isOpen: sites.isOpen,
  openingHours: sites.openingHours,
  pausedUntil: sites.pausedUntil,
  lat: sites.lat,
  lng: sites.lng,
  deliveryRadiusKm: sites.deliveryRadiusKm,
};

/** Branches' rank columns joined to their brands; callers add the where clause. */
export function selectRankRows(db: DbOrTx) {
  return db.select(rankColumns).from(sites).innerJoin(brands, eq(brands.id, sites.brandId));
}

export type RankRow = Awaited<ReturnType<ReturnType<typeof selectRankRows>['execute']>>[number];

/** The full card rows of one page of branches, by primary key. */
export function cardRowsByIds(db: DbOrTx, ids: string[]) {
  return selectCardRows(db).where(inArray(sites.id, ids));
}

/** A row as a card, judged open or closed at `now`; `distanceKm` is rounded to one decimal. */
export function toCard(row: CardRow, now: Date, distanceKm: number | null = null): RestaurantCard {
  return {
    id: row.id,
    slug: row.slug,
    brandId: row.brandId,
    brandName: row.brandName,
    branchName: row.branchName,
    city: row.city,
    cuisines: row.cuisines,
    // The stored average is kept with the count in one transaction; no reviews means no rating.
    rating: row.reviewCount > 0 && row.ratingAvg !== null ? Number(row.ratingAvg) : null,
    reviewCount: row.reviewCount,
    etaMinMinutes: row.etaMinMinutes + row.busyExtraMinutes,
    etaMaxMinutes: row.etaMaxMinutes + row.busyExtraMinutes,
    deliveryFeeMinor: row.deliveryFeeMinor,
    minOrderMinor: row.minOrderMinor,
    halalStatus: row.halalStatus,
    lastVerifiedAt: row.lastVerifiedAt ? row.lastVerifiedAt.toISOString() : null,
    imageUrl: row.imageUrl,
    logoUrl: row.logoUrl,
    isOpen: isOpenNow(row, now),
    distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
    description: row.description,
    address: row.address,
    postcode: row.postcode,
    phone: row.phone,
    lat: row.lat,
    lng: row.lng,
    deliveryRadiusKm: row.deliveryRadiusKm,
  };
}
