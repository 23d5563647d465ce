import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { jobDetailResponse } from './jobs';
import { currentOfferResponse, declineOfferBody, declineOfferResponse, offerParams } from './offers';

/** The dispatcher's timed offers to a driver (docs/decisions/0273-dispatcher-offers-in-the-product.md). */
export const driverOfferEndpoints = {
  getDriverOffersCurrent: api('GET /api/driver/offers/current', POLICIES.approvedDriver)
    .summary('The offer open for this driver now, with its pay, districts, distance and expiry')
    .answers({ 200: currentOfferResponse }),
  postDriverOffersByOfferIdAccept: api('POST /api/driver/offers/:offerId/accept', POLICIES.approvedDriver)
    .summary('The driver accepts their open offer before it runs out: the job is theirs, as if taken from the board')
    .takes({ params: offerParams })
    .answers({ 200: jobDetailResponse }),
  postDriverOffersByOfferIdDecline: api('POST /api/driver/offers/:offerId/decline', POLICIES.approvedDriver)
    .summary('The driver declines their open offer with a reason: the next driver is offered it at once')
    .takes({ params: offerParams, body: declineOfferBody })
    .answers({ 200: declineOfferResponse }),
};
