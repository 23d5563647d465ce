import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * OWASP A06 (vulnerable and outdated components), as far as this registry allows (it has no
 * advisory service): few production dependencies, each justified in docs/architecture.md, each
 * exactly pinned by the lockfile, and the installed tree clean.
 */
type Node = {
  version?: string;
  missing?: boolean;
  invalid?: boolean | string;
  extraneous?: boolean;
  dependencies?: Record<string, Node>;
};

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, { version?: string; dev?: boolean }>;
};

describe('production dependencies', () => {
  it('install cleanly: npm ls --omit=dev finds nothing missing, invalid or extraneous', () => {
    const res = spawnSync('npm', ['ls', '--omit=dev', '--all', '--json'], {
      encoding: 'utf8',
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const tree = JSON.parse(res.stdout) as Node & { problems?: string[] };
    const problems: string[] = [...(tree.problems ?? [])];
    const walk = (name: string, node: Node) => {
      if (node.missing) problems.push(`missing: ${name}`);
      if (node.invalid) problems.push(`invalid: ${name}@${node.version}`);
      if (node.extraneous) problems.push(`extraneous: ${name}@${node.version}`);
      for (const [child, sub] of Object.entries(node.dependencies ?? {})) walk(`${name} > ${child}`, sub);
    };
    for (const [name, node] of Object.entries(tree.dependencies ?? {})) walk(name, node);
    expect(problems).toEqual([]);
    expect(res.status).toBe(0);
    expect(Object.keys(tree.dependencies ?? {}).sort()).toEqual(Object.keys(pkg.dependencies).sort());
  }, 150_000);

  it('are pinned by the lockfile to the versions installed', () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
    for (const name of Object.keys(pkg.dependencies)) {
      const locked = lock.packages[`node_modules/${name}`];
      expect(locked?.version, name).toBeDefined();
      expect(locked.dev, `${name} is locked as a dev dependency`).not.toBe(true);
      const installed = JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string };
      expect(installed.version, name).toBe(locked.version);
    }
  });

  it('are each justified in one line of docs/architecture.md, and nothing else is listed there', () => {
    const doc = readFileSync('docs/architecture.md', 'utf8');
    const section = doc.slice(doc.indexOf('## Production dependencies'));
    const table = section.slice(0, section.indexOf('\n\n', section.indexOf('|---')));
    const listed = new Set<string>();
    for (const row of table
      .split('\n')
      .filter((l) => l.startsWith('|') && !l.startsWith('|---') && !/^\|\s*package/.test(l))) {
      const [names, why] = row
        .split('|')
        .slice(1, 3)
        .map((c) => c.trim());
      expect(why.length, row).toBeGreaterThan(2);
      for (const name of names.split(',')) listed.add(name.trim());
    }
    expect([...listed].sort()).toEqual(Object.keys(pkg.dependencies).sort());
  });
});
