// Part of npm run lint: every citation in the repository must lead to something a reader can open
// here. Product rules are cited as docs/product/<audience>.md#<section> and choices as
// docs/decisions/NNNN-title.md, and both must exist (the file and the section); numbered outside
// documents ("spec 3, section 4.2"), tracker numbers ("issue 7", "#12") and the outside decisions
// list name nothing in this tree.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SELF = 'scripts/check-citations.mjs';
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|css|html|yml|yaml|sh|conf|txt)$/;
// The script's own test writes forbidden citations on purpose.
const SKIP = new Set(['package-lock.json', SELF, 'src/citations.test.ts']);

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

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const anchors = new Map();
/** The anchors of a Markdown file, or null when it does not exist. */
function anchorsOf(file) {
  if (!anchors.has(file)) {
    anchors.set(
      file,
      existsSync(file)
        ? new Set(
            readFileSync(file, 'utf8')
              .split('\n')
              .filter((l) => /^#{1,6} /.test(l))
              .map((l) => slug(l.replace(/^#+ /, ''))),
          )
        : null,
    );
  }
  return anchors.get(file);
}

/** A citation of a product doc or decision record must name a file and a section that exist. */
function brokenCitation(target) {
  const [file, anchor] = target.split('#');
  const found = anchorsOf(file);
  if (!found) return `"${target}" names a file that does not exist`;
  if (anchor && !found.has(anchor)) return `"${target}" names a section that ${file} does not have`;
  return null;
}

const CITATION = /docs\/(?:product\/[\w-]+\.md(?:#[\w-]+)?|decisions\/\d{4}-[\w-]+\.md)/g;
/** Relative links inside docs/product, such as (customer.md#checkout) or (#cities). */
const PRODUCT_LINK = /\]\(((?:[\w-]+\.md)?(?:#[\w-]+)?)\)/g;

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
    const targets = [...line.matchAll(CITATION)].map((m) => m[0]);
    if (file.startsWith('docs/product/')) {
      for (const m of line.matchAll(PRODUCT_LINK)) {
        const [name, anchor] = m[1].split('#');
        targets.push(path.posix.join('docs/product', name || path.posix.basename(file)) + (anchor ? `#${anchor}` : ''));
      }
    }
    for (const target of targets) {
      const broken = brokenCitation(target);
      if (broken) problems.push(`${file}:${index + 1}: ${broken}`);
    }
  });
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(
    `\n${problems.length} citation problem(s): cite docs/product/<audience>.md#<section> or docs/decisions/NNNN-title.md (CONTRIBUTING.md#comments-and-citations).`,
  );
  process.exit(1);
}
