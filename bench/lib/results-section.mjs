// One script's own section of bench/results.md, between its markers: the run's figures in the common
// table, and the previous run's values beside them, so a second run shows whether they reproduce.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './harness.mjs';

/**
 * Writes (or replaces) the section between `<!-- ${marker}:start -->` and `<!-- ${marker}:end -->`:
 * `heading` (a `## ` line), `runLine` (when, how and on what it ran), then a row per figure.
 */
export function recordSection({ marker, heading, runLine, figures }) {
  const file = path.join(ROOT, 'bench', 'results.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Bench results\n';
  const START = `<!-- ${marker}:start -->`;
  const END = `<!-- ${marker}:end -->`;
  const old = text.includes(START) ? text.slice(text.indexOf(START), text.indexOf(END)) : '';
  const previous = new Map();
  for (const m of old.matchAll(/^\| `([^`]+)` \| [^|]+ \| ([^|]+) \|/gm)) previous.set(m[1], m[2].trim());
  const section = [
    START,
    heading,
    '',
    runLine,
    '',
    '| id | figure | value | budget | result | previous run |',
    '|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| \`${f.id}\` | ${f.figure} | ${f.value} | ${f.budget} | ${f.pass ? 'pass' : '**FAIL**'} | ${previous.get(f.id) ?? '–'} |`,
    ),
    END,
  ].join('\n');
  const next = text.includes(START)
    ? text.slice(0, text.indexOf(START)) + section + text.slice(text.indexOf(END) + END.length)
    : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

/** The minute a run started, as the sections write it (UTC). */
export function runMinute() {
  return new Date().toISOString().slice(0, 16).replace('T', ' ');
}

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/** The commit a run measured ("c4e1e8a", with " (with uncommitted changes)" when the tracked files differ from it). */
export function runCommit() {
  return (
    git('rev-parse', '--short', 'HEAD') +
    (git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : '')
  );
}

/**
 * The processor's name with its family and model from /proc/cpuinfo ("AMD EPYC (family 25 model 17)"): hosts of one
 * class report the same name for processors whose speed at this work differs by half.
 */
export function cpuName() {
  let kind = '';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const family = /^cpu family\s*:\s*(\d+)/m.exec(info)?.[1];
    const model = /^model\s*:\s*(\d+)/m.exec(info)?.[1];
    if (family && model) kind = ` (family ${family} model ${model})`;
  } catch {
    // not Linux
  }
  return `${os.cpus()[0]?.model ?? 'unknown CPU'}${kind}`;
}
