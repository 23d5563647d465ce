import { liveEventsQuery } from './events';
import { POLICIES } from '../../policies';
import { api, raw } from '../endpoint';

/** The live endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const liveEndpoints = {
  getEvents: api('GET /api/events', POLICIES.public)
    .takes({ query: liveEventsQuery })
    .answers({ 200: raw('stream', 'text/event-stream', 'Server-Sent Events: one JSON event per message') }),
};
