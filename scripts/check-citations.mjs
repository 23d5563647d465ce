// Part of npm run lint: every citation in the repository must lead to something a reader can open
// here. Product rules are cited as docs/product/<audience>.md#<section> and choices as
// docs/decisions/NNNN-title.md; numbered outside documents ("spec 3, section 4.2"), tracker
// numbers ("issue 7", "#12") and the outside decisions list name nothing in this tree.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SELF = 'scripts/check-citations.mjs';
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|yml|yaml|sh|conf|txt)$/;
const SKIP = new Set(['package-lock.json', SELF]);

/** What is refused, and what to write instead. */
const RULES = [
  {
    pattern: /\bspec(?:s|ification)?\s*(?:document\s*)?\d/i,
    advice: 'a numbered spec: cite docs/product/<audience>.md#<section>',
  },
  { pattern: /\b(?:spec\s*)?§\s*\d/i, advice: 'a numbered section: cite docs/product/<audience>.md#<section>' },
  {
    pattern: /\bsections?\s+\d+(?:\.\d+)?\b/i,
    advice: 'a numbered section: cite docs/product/<audience>.md#<section>',
  },
  {
    pattern: /\b(?:issues?|PR|pull request)\s*#?\d+/i,
    advice: 'an issue number: say what it was about, or cite the doc',
  },
  { pattern: /(?:^|[\s(,;])#\d+\b(?![\w-])/, advice: 'an issue reference: say what it was about, or cite the doc' },
  {
    pattern: /\bDECISIONS\b|\bdecisions\.md\b/,
    advice: 'the outside decisions list: cite docs/decisions/NNNN-title.md',
  },
];
/** Files where "#123" is a colour or an anchor, not an issue. */
const NO_HASH_RULE = /\.(css|html|svg)$/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && TEXT.test(f) && !SKIP.has(f));

const problems = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  text.split('\n').forEach((line, index) => {
    for (const { pattern, advice } of RULES) {
      if (pattern.source.startsWith('(?:^|[\\s(,;])#') && NO_HASH_RULE.test(file)) continue;
      const match = line.match(pattern);
      if (match) problems.push(`${file}:${index + 1}: "${match[0].trim()}" is ${advice}`);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} citation(s) of documents outside the repository (CONTRIBUTING.md#comments-and-citations).`,
  );
  process.exit(1);
}
