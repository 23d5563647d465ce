/**
 * Writes what is generated from the endpoint contracts (docs/decisions/0105-one-contract-per-endpoint.md, 0106, 0107):
 * - src/web/lib/endpoints.generated.ts: every endpoint's method and path as data, its contract as
 *   a type only, for the typed client (src/web/lib/call.ts) without loading zod in the browser;
 * - docs/openapi.json: the OpenAPI document.
 * Run `npm run generate:api` after changing a contract; a test fails while either file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedClient, generatedOpenApi } from '../src/server/http/generated';

const root = fileURLToPath(new URL('..', import.meta.url));
writeFileSync(`${root}src/web/lib/endpoints.generated.ts`, generatedClient());
writeFileSync(`${root}docs/openapi.json`, generatedOpenApi());
console.log('wrote src/web/lib/endpoints.generated.ts and docs/openapi.json');
