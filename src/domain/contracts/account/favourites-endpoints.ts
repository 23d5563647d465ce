import { POLICIES } from '../../policies';
import { NO_CONTENT, api } from '../endpoint';
import { favouriteParams, favouriteResponse, listFavouritesQuery, listFavouritesResponse } from './favourites';

/** Saved restaurants (docs/product/customer.md#favourites). */
export const favouritesEndpoints = {
  getAccountFavourites: api('GET /api/account/favourites', POLICIES.customer)
    .takes({ query: listFavouritesQuery })
    .answers({ 200: listFavouritesResponse }),
  putAccountFavouritesOne: api('PUT /api/account/favourites/:siteId', POLICIES.customer)
    .summary('Save a restaurant branch to favourites (idempotent)')
    .takes({ params: favouriteParams })
    .answers({ 200: favouriteResponse }),
  deleteAccountFavouritesOne: api('DELETE /api/account/favourites/:siteId', POLICIES.customer)
    .summary('Remove a restaurant branch from favourites')
    .takes({ params: favouriteParams })
    .answers({ 204: NO_CONTENT }),
};
