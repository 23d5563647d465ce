import { liveEventsQuery } from './events';
import { POLICIES } from '../../policies';
import { endpoint } from '../endpoint';

/** The live endpoints: method, path, policy, request and response of each (docs/decisions/0105-one-contract-per-endpoint.md). */
export const liveEndpoints = {
  getEvents: endpoint({
    method: 'GET',
    path: '/api/events',
    policy: POLICIES.public,
    summary: 'Get events',
    query: liveEventsQuery,
    responses: {
      200: {
        kind: 'stream',
        contentType: 'text/event-stream',
        description: 'Server-Sent Events: one JSON event per message',
      },
    },
  }),
};
