import { listCitiesResponse } from './list-cities';
import { POLICIES } from '../../policies';
import { getCityParams, getCityResponse } from './get-city';
import { suggestCityBody, suggestCityResponse } from './suggest-city';
import { searchRestaurantsQuery, searchRestaurantsResponse } from './search-restaurants';
import { getRestaurantParams, getRestaurantResponse } from './get-restaurant';
import { endpoint } from '../endpoint';

/** The catalog endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const catalogEndpoints = {
  getCities: endpoint({
    method: 'GET',
    path: '/api/cities',
    policy: POLICIES.public,
    summary: 'Get cities',
    responses: { 200: listCitiesResponse },
  }),
  getCitiesBySlug: endpoint({
    method: 'GET',
    path: '/api/cities/:slug',
    policy: POLICIES.public,
    summary: 'Get cities by slug',
    params: getCityParams,
    responses: { 200: getCityResponse },
  }),
  postCitySuggestions: endpoint({
    method: 'POST',
    path: '/api/city-suggestions',
    policy: POLICIES.public,
    summary: 'Post city suggestions',
    body: suggestCityBody,
    responses: { 201: suggestCityResponse },
  }),
  getRestaurantsSearch: endpoint({
    method: 'GET',
    path: '/api/restaurants/search',
    policy: POLICIES.public,
    summary: 'Get restaurants search',
    query: searchRestaurantsQuery,
    responses: { 200: searchRestaurantsResponse },
  }),
  getRestaurantsBySlug: endpoint({
    method: 'GET',
    path: '/api/restaurants/:slug',
    policy: POLICIES.public,
    summary: 'Get restaurants by slug',
    params: getRestaurantParams,
    responses: { 200: getRestaurantResponse },
  }),
};
