import { readFileSync } from 'node:fs';

/** One row of the threat-model table in docs/security.md. */
export type ThreatRow = { asset: string; actor: string; families: string[]; control: string; tests: string[] };

const HEADING = '## Threat model table';
const COLUMNS = ['asset', 'actor', 'route family', 'control', 'test that proves it'];
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The rows of the threat-model table, by its column names (a table with other columns is an error). */
export function threatModelRows(markdownFile: string): ThreatRow[] {
  const text = readFileSync(markdownFile, 'utf8');
  const start = text.indexOf(HEADING);
  if (start < 0) throw new Error(`${markdownFile} has no "${HEADING}" section`);
  const lines = text.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const table: string[] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    table.push(line);
  }
  const cells = (line: string) =>
    line
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const header = cells(table[0]);
  if (JSON.stringify(header) !== JSON.stringify(COLUMNS))
    throw new Error(`threat-model columns are ${header.join(', ')}`);
  return table.slice(2).map((line) => {
    const [asset, actor, family, control, tests] = cells(line);
    return { asset, actor, families: ticked(family), control, tests: ticked(tests) };
  });
}

/** Whether a route pattern is in a family: the prefix itself or a route under it, segment by segment. */
export const inFamily = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);
