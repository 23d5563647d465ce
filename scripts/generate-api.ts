/**
 * Writes what is generated from the endpoint contracts (docs/decisions/0105-one-contract-per-endpoint.md, 0106, 0107):
 * - src/web/lib/endpoints.generated.ts and src/web/lib/endpoints-<audience>.generated.ts: every endpoint's method
 *   and path as data, its contract as a type only, for the typed client (src/web/lib/call.ts) without loading zod in
 *   the browser; one table per lazily loaded audience besides the shared one
 *   (docs/decisions/0262-endpoint-table-split.md);
 * - docs/openapi.json: the OpenAPI document.
 * Run `npm run generate:api` after changing a contract; a test fails while any of these files is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedClients, generatedOpenApi } from '../src/server/http/generated';

const root = fileURLToPath(new URL('..', import.meta.url));
const clients = generatedClients();
for (const [file, text] of Object.entries(clients)) writeFileSync(`${root}${file}`, text);
writeFileSync(`${root}docs/openapi.json`, generatedOpenApi());
console.log(`wrote ${Object.keys(clients).join(', ')} and docs/openapi.json`);
