import { driverEndpoints } from '../../../domain/contracts/driver/endpoints';
import { settingsEndpoints } from '../../../domain/contracts/settings/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { acceptOffer } from './accept-offer';
import { listCityDispatchModes, setCityDispatchMode } from './city-dispatch-mode';
import { currentOffer } from './current-offer';
import { declineOffer } from './decline-offer';

/** The dispatcher's offers for drivers, and the per-city switch for ops (docs/decisions/0273-dispatcher-offers-in-the-product.md). */
export function dispatcherRoutes(app: FastifyInstance): void {
  const deps = { db: app.deps.database.db, bus: app.deps.bus };

  route(app, driverEndpoints.getDriverOffersCurrent, async (request) => ({
    offer: await currentOffer(deps.db, request.actor!.userId),
  }));

  route(app, driverEndpoints.postDriverOffersByOfferIdAccept, async (request) => ({
    job: await acceptOffer(deps, request.actor!.userId, request.params.offerId),
  }));

  route(app, driverEndpoints.postDriverOffersByOfferIdDecline, async (request) =>
    declineOffer(deps, request.actor!.userId, request.params.offerId, request.body),
  );

  route(app, settingsEndpoints.getAdminCitiesDispatchModes, async () => listCityDispatchModes(deps.db));

  route(app, settingsEndpoints.putAdminCitiesByCitySlugDispatchMode, async (request) =>
    setCityDispatchMode(deps, request.actor!, request.params.citySlug, request.body.mode),
  );
}
