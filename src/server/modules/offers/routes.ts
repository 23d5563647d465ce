import type { FastifyInstance } from 'fastify';
import { offersEndpoints } from '../../../domain/contracts/offers/endpoints';
import { route } from '../../http/route';
import { createOffer, endOffer, listOffers, updateOffer } from './manage-offers';

/** The partner console's offers (docs/product/offers.md); every row is checked against the caller in its query. */
export function offerRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;

  route(app, offersEndpoints.getPartnerBrandsByBrandIdOffers, async (request) => ({
    offers: await listOffers(db, request.actor!.userId, request.params.brandId),
  }));

  route(app, offersEndpoints.postPartnerBrandsByBrandIdOffers, async (request, reply) =>
    reply.status(201).send({ offer: await createOffer(db, request.actor!, request.params.brandId, request.body) }),
  );

  route(app, offersEndpoints.putPartnerOffersByOfferId, async (request) => ({
    offer: await updateOffer(db, request.actor!, request.params.offerId, request.body),
  }));

  route(app, offersEndpoints.postPartnerOffersByOfferIdEnd, async (request) => ({
    offer: await endOffer(db, request.actor!, request.params.offerId),
  }));
}
