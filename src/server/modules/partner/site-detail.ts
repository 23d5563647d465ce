import type { SiteDetail } from '../../../domain/contracts/partner/sites';
import type { StaffSite } from './access';

/** A location row as its staff see it. */
export function toSiteDetail(s: StaffSite): SiteDetail {
  return {
    id: s.id,
    brandId: s.brandId,
    brandName: s.brandName,
    name: s.name,
    slug: s.slug,
    description: s.description,
    address: s.address,
    city: s.city,
    postcode: s.postcode,
    phone: s.phone,
    email: s.email,
    lat: s.lat,
    lng: s.lng,
    deliveryFeeMinor: s.deliveryFeeMinor,
    deliveryRadiusKm: s.deliveryRadiusKm,
    minOrderMinor: s.minOrderMinor,
    halalStatus: s.halalStatus,
    lastVerifiedAt: s.lastVerifiedAt?.toISOString() ?? null,
    isOpen: s.isOpen,
    status: s.status,
    openingHours: s.openingHours,
    busyExtraMinutes: s.busyExtraMinutes,
    responseTimeoutMinutes: s.responseTimeoutMinutes,
    driverSearchMinutes: s.driverSearchMinutes,
    pausedUntil: s.pausedUntil?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    role: s.role,
  };
}
