// Writes docs/operations.md's configuration table from the schema in src/server/config.ts
// (npm run config:table). Run it after adding or changing a variable; a test fails until you do.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeConfigTable } from '../src/server/config-table';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'operations.md');
console.log(writeConfigTable(file) ? `updated ${file}` : `${file} is up to date`);
