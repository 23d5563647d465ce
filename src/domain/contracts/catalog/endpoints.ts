import { listCitiesResponse } from './list-cities';
import { POLICIES } from '../../policies';
import { getCityParams, getCityQuery, getCityResponse } from './get-city';
import { suggestCityBody, suggestCityResponse } from './suggest-city';
import { searchRestaurantsQuery, searchRestaurantsResponse } from './search-restaurants';
import { getRestaurantParams, getRestaurantResponse } from './get-restaurant';
import { api } from '../endpoint';

/** The catalog endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const catalogEndpoints = {
  getCities: api('GET /api/cities', POLICIES.public).answers({ 200: listCitiesResponse }),
  getCitiesBySlug: api('GET /api/cities/:slug', POLICIES.public)
    .takes({ params: getCityParams, query: getCityQuery })
    .answers({ 200: getCityResponse }),
  postCitySuggestions: api('POST /api/city-suggestions', POLICIES.public)
    .takes({ body: suggestCityBody })
    .answers({ 201: suggestCityResponse }),
  getRestaurantsSearch: api('GET /api/restaurants/search', POLICIES.public)
    .takes({ query: searchRestaurantsQuery })
    .answers({ 200: searchRestaurantsResponse }),
  getRestaurantsBySlug: api('GET /api/restaurants/:slug', POLICIES.public)
    .takes({ params: getRestaurantParams })
    .answers({ 200: getRestaurantResponse }),
};
