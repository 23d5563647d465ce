import type { FastifyInstance } from 'fastify';
import { healthEndpoints } from '../../domain/contracts/health/endpoints';
import { generatedOpenApi } from './generated';
import { route } from './route';

/**
 * GET /api/docs: the OpenAPI document generated from the contracts, JSON only (a UI would need
 * scripts the CSP forbids). Registered outside production only (docs/decisions/0106-openapi-from-contracts.md).
 */
export function docsRoute(app: FastifyInstance): void {
  let text: string | null = null;
  route(app, healthEndpoints.getDocs, async (_request, reply) => {
    text ??= generatedOpenApi();
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(text);
  });
}
