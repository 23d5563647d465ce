import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve('scripts/check-citations.mjs');
let dir: string | null = null;

/** Runs the citation check in a scratch repository holding these files. */
function check(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'citations-'));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const run = spawnSync(process.execPath, [SCRIPT], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, output: run.stderr };
}

const PRODUCT = { 'docs/product/driver.md': '# Driver side\n\n## Jobs board\n\n## Rate and Tip\n' };

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('scripts/check-citations.mjs (part of npm run lint)', () => {
  it('passes citations of product sections and decision records that exist', () => {
    const result = check({
      ...PRODUCT,
      'docs/decisions/0042-driver-pay-rules.md': '# 0042 Driver pay\n',
      'src/a.ts':
        '// docs/product/driver.md#jobs-board, docs/product/driver.md#rate-and-tip\n' +
        "// docs/decisions/0042-driver-pay-rules.md\nconst colour = '#000';\n",
    });
    expect(result).toEqual({ status: 0, output: '' });
  });

  it.each([
    ['// (spec 3, section 4.2)', 'numbered spec'],
    ['// as spec 1 words it', 'numbered spec'],
    ['// see section 9', 'numbered section'],
    ['// (issue 7)', 'issue number'],
    ['// fixed in #12', 'issue reference'],
    ['// DECISIONS.md, "Order flow"', 'outside decisions list'],
    ['// docs/product/driver.md#nope', 'section that docs/product/driver.md does not have'],
    ['// docs/product/partner.md#staff', 'file that does not exist'],
    ['// docs/decisions/0999-nothing.md', 'file that does not exist'],
  ])('refuses %s', (line, reason) => {
    const result = check({ ...PRODUCT, 'src/a.ts': `${line}\n` });
    expect(result.status).toBe(1);
    expect(result.output).toContain('src/a.ts:1:');
    expect(result.output).toContain(reason);
  });

  it('checks the relative links inside docs/product too', () => {
    const result = check({
      ...PRODUCT,
      'docs/product/README.md': '# Product\n\n[jobs](driver.md#jobs) [x](#nowhere)\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('"docs/product/driver.md#jobs" names a section');
    expect(result.output).toContain('"docs/product/README.md#nowhere" names a section');
  });
});
