// Reads the project's Dockerfile into stages of instructions, and .dockerignore into a matcher, for
// scripts/dockerfile-steps.mjs (which runs the steps without a container engine) and
// scripts/compose-topology.mjs (which gives the app processes the image's environment). Only the
// instructions the Dockerfile uses are understood; any other stops the reading, so a step can never be
// skipped without notice (docs/decisions/0239-container-image.md).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const KNOWN = new Set([
  'FROM',
  'WORKDIR',
  'ENV',
  'COPY',
  'RUN',
  'USER',
  'VOLUME',
  'EXPOSE',
  'HEALTHCHECK',
  'STOPSIGNAL',
  'CMD',
]);

/** The Dockerfile's logical lines: comments and blank lines dropped, `\` continuations joined. */
function logicalLines(text) {
  const lines = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (current === '' && /^\s*(#|$)/.test(line)) continue;
    if (current !== '' && /^\s*#/.test(line)) continue;
    if (/\\\s*$/.test(line)) {
      current += line.replace(/\\\s*$/, ' ');
      continue;
    }
    current += line;
    lines.push(current.trim());
    current = '';
  }
  if (current.trim() !== '') lines.push(current.trim());
  return lines;
}

/** Leading `--name=value` flags of an instruction's arguments, and the rest. */
function flags(rest) {
  const found = {};
  let remaining = rest;
  for (;;) {
    const m = /^--([a-z-]+)=(\S+)\s*/.exec(remaining);
    if (!m) return { flags: found, rest: remaining };
    (found[m[1]] ??= []).push(m[2]);
    remaining = remaining.slice(m[0].length);
  }
}

/** `KEY=value KEY2="a b"` (the form the Dockerfile uses) into pairs. */
function envPairs(rest) {
  const pairs = [];
  const re = /([A-Za-z_][A-Za-z0-9_]*)=("((?:[^"\\]|\\.)*)"|(\S*))\s*/gy;
  let m;
  let end = 0;
  while ((m = re.exec(rest)) !== null) {
    pairs.push([m[1], m[3] !== undefined ? m[3].replace(/\\(.)/g, '$1') : m[4]]);
    end = re.lastIndex;
  }
  if (pairs.length === 0 || rest.slice(end).trim() !== '')
    throw new Error(`ENV ${rest}: only KEY=value pairs are understood`);
  return pairs;
}

const execForm = (rest, what) => {
  if (!rest.startsWith('[')) throw new Error(`${what} must be in exec form (a JSON array): ${rest}`);
  return JSON.parse(rest);
};

/**
 * The Dockerfile at `file` as `{ stages: [{ name, from, steps: [{ op, ... }] }] }`. Steps keep their
 * order; metadata instructions (USER, VOLUME, EXPOSE, HEALTHCHECK, STOPSIGNAL, CMD) are steps too.
 */
export function parseDockerfile(file) {
  const stages = [];
  for (const line of logicalLines(readFileSync(file, 'utf8'))) {
    const m = /^([A-Za-z]+)\s+(.*)$/.exec(line);
    if (!m) throw new Error(`Dockerfile: cannot read "${line}"`);
    const op = m[1].toUpperCase();
    const rest = m[2].trim();
    if (!KNOWN.has(op)) throw new Error(`Dockerfile: ${op} is not understood by scripts/dockerfile.mjs`);
    if (op === 'FROM') {
      const f = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest);
      if (!f) throw new Error(`Dockerfile: FROM ${rest}`);
      stages.push({ name: f[2] ?? String(stages.length), from: f[1], steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${op} before FROM`);
    const step = { op, text: line };
    if (op === 'WORKDIR') step.path = rest;
    else if (op === 'ENV') step.pairs = envPairs(rest);
    else if (op === 'COPY') {
      const { flags: f, rest: args } = flags(rest);
      const unknown = Object.keys(f).filter((k) => k !== 'from');
      if (unknown.length > 0) throw new Error(`Dockerfile: COPY --${unknown[0]} is not understood`);
      const parts = args.startsWith('[') ? JSON.parse(args) : args.split(/\s+/);
      step.from = f.from?.[0] ?? null;
      step.sources = parts.slice(0, -1);
      step.dest = parts.at(-1);
    } else if (op === 'RUN') {
      const { flags: f, rest: command } = flags(rest);
      for (const [name, values] of Object.entries(f)) {
        if (name !== 'mount' || values.some((v) => !/^type=cache,target=\S+$/.test(v)))
          throw new Error(`Dockerfile: RUN --${name}=${values.join(',')} is not understood (only cache mounts)`);
      }
      step.cacheMounts = (f.mount ?? []).map((v) => /target=(\S+)/.exec(v)[1]);
      step.command = command;
    } else if (op === 'USER') step.user = rest;
    else if (op === 'VOLUME') step.paths = rest.startsWith('[') ? JSON.parse(rest) : rest.split(/\s+/);
    else if (op === 'EXPOSE') step.ports = rest.split(/\s+/);
    else if (op === 'STOPSIGNAL') step.signal = rest;
    else if (op === 'CMD') step.argv = execForm(rest, 'CMD');
    else if (op === 'HEALTHCHECK') {
      const { flags: f, rest: cmd } = flags(rest);
      if (!/^CMD\s+/.test(cmd)) throw new Error('Dockerfile: HEALTHCHECK must be HEALTHCHECK [options] CMD [...]');
      step.options = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v[0]]));
      step.argv = execForm(cmd.replace(/^CMD\s+/, ''), 'HEALTHCHECK CMD');
    }
    stage.steps.push(step);
  }
  if (stages.length === 0) throw new Error('Dockerfile: no FROM');
  return { stages };
}

/** What the last stage declares: its environment, user, volumes, health check, stop signal and command. */
export function imageConfig(parsed) {
  const stage = parsed.stages.at(-1);
  const config = { stage: stage.name, from: stage.from, env: {}, user: 'root', workdir: '/', volumes: [], ports: [] };
  for (const step of stage.steps) {
    if (step.op === 'ENV') for (const [k, v] of step.pairs) config.env[k] = v;
    if (step.op === 'WORKDIR') config.workdir = path.posix.resolve(config.workdir, step.path);
    if (step.op === 'USER') config.user = step.user;
    if (step.op === 'VOLUME') config.volumes.push(...step.paths);
    if (step.op === 'EXPOSE') config.ports.push(...step.ports);
    if (step.op === 'HEALTHCHECK') config.healthcheck = { argv: step.argv, options: step.options };
    if (step.op === 'STOPSIGNAL') config.stopSignal = step.signal;
    if (step.op === 'CMD') config.cmd = step.argv;
  }
  return config;
}

/** A .dockerignore pattern as a regular expression over a context-relative path (`/`-separated). */
function patternRegex(pattern) {
  let p = pattern.replace(/^\/+/, '').replace(/\/+$/, '');
  p = path.posix.normalize(p);
  let re = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '*' && p[i + 1] === '*') {
      i++;
      if (p[i + 1] === '/') {
        i++;
        re += '(?:.*/)?';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // A pattern that names a folder leaves out everything beneath it.
  return new RegExp(`^${re}(?:/.*)?$`);
}

/**
 * `.dockerignore` in `contextDir` as a function of a context-relative path: true when the build
 * context leaves it out. Later patterns win; `!pattern` lets a path back in.
 */
export function dockerignore(contextDir) {
  const file = path.join(contextDir, '.dockerignore');
  const rules = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#'))
        .map((l) =>
          l.startsWith('!') ? { keep: true, re: patternRegex(l.slice(1)) } : { keep: false, re: patternRegex(l) },
        )
    : [];
  return (relative) => {
    let ignored = false;
    for (const rule of rules) if (rule.re.test(relative)) ignored = !rule.keep;
    return ignored;
  };
}
