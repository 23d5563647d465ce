import { accountEndpoints } from './account/endpoints';
import { adminEndpoints } from './admin/endpoints';
import { auditEndpoints } from './audit/endpoints';
import { authEndpoints } from './auth/endpoints';
import { catalogEndpoints } from './catalog/endpoints';
import { devEndpoints } from './dev/endpoints';
import { dispatchEndpoints } from './dispatch/endpoints';
import { driverEndpoints } from './driver/endpoints';
import { groupOrdersEndpoints } from './group-orders/endpoints';
import { halalEndpoints } from './halal/endpoints';
import { healthEndpoints } from './health/endpoints';
import { liveEndpoints } from './live/endpoints';
import { menuEndpoints } from './menu/endpoints';
import { offersEndpoints } from './offers/endpoints';
import { ordersEndpoints } from './orders/endpoints';
import { partnerEndpoints } from './partner/endpoints';
import { pushEndpoints } from './push/endpoints';
import { reviewsEndpoints } from './reviews/endpoints';
import { settingsEndpoints } from './settings/endpoints';
import { ticketsEndpoints } from './tickets/endpoints';
import { uploadsEndpoints } from './uploads/endpoints';
import { vouchersEndpoints } from './vouchers/endpoints';
import type { Endpoint } from './endpoint';

/**
 * Every HTTP endpoint of HalalNosh, by area: the one source the server registers routes from,
 * the typed web client is generated from (scripts/generate-api.ts) and the OpenAPI
 * document describes (docs/decisions/0105-one-contract-per-endpoint.md).
 */
export const ENDPOINTS = {
  account: accountEndpoints,
  admin: adminEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  catalog: catalogEndpoints,
  dev: devEndpoints,
  dispatch: dispatchEndpoints,
  driver: driverEndpoints,
  groupOrders: groupOrdersEndpoints,
  halal: halalEndpoints,
  health: healthEndpoints,
  live: liveEndpoints,
  menu: menuEndpoints,
  offers: offersEndpoints,
  orders: ordersEndpoints,
  partner: partnerEndpoints,
  push: pushEndpoints,
  reviews: reviewsEndpoints,
  settings: settingsEndpoints,
  tickets: ticketsEndpoints,
  uploads: uploadsEndpoints,
  vouchers: vouchersEndpoints,
};

/** Every endpoint with its area and name, in declaration order. */
export function allEndpoints(): { area: string; name: string; endpoint: Endpoint }[] {
  return Object.entries(ENDPOINTS).flatMap(([area, group]) =>
    Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({ area, name, endpoint })),
  );
}
