// The embedded database's own thread (src/server/db/pglite-thread.ts; docs/decisions/0192-embedded-database-thread.md).
// PGlite runs here, on a core of its own. The server's thread sends whole statements (text and
// values) and gets back the database's raw answer, which it parses itself. Statements run one
// after another as they arrive, without waiting for the server's thread between them; while a
// transaction is open, only that transaction's statements run, and the others wait here.
// Plain JavaScript, so the file runs as it is under tsx, vitest and the bundled server alike.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';

const { serialize, Parser } = protocol;
const { dataDir, startParams } = workerData;
let db;
try {
  db = new PGlite({ ...(dataDir ? { dataDir } : {}), startParams });
  await db.waitReady;
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}

function concat(parts) {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Runs protocol messages and returns everything the database wrote back. */
async function run(...messages) {
  const chunks = [];
  await db.execProtocolRawStream(concat(messages), {
    syncToFs: false,
    // A view into the WASM heap, reused by the next write: copied.
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  return concat(chunks);
}

/**
 * Each statement text's parameter types, as the database described them: a statement's types
 * depend only on its text and the schema, which changes only through simple queries (migrations,
 * tests), after which they are asked afresh.
 */
const described = new Map();
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b/i;

/** The parameter types in a describe answer, or null when it holds an error. */
function parameterTypes(answer) {
  let types = null;
  let failed = false;
  new Parser().parse(answer, (msg) => {
    if (msg.name === 'parameterDescription') types = msg.dataTypeIDs;
    else if (msg.name === 'error') failed = true;
  });
  return failed ? null : (types ?? []);
}

/** Whether an answer holds an error. */
function failed(answer) {
  let error = false;
  new Parser().parse(answer, (msg) => {
    if (msg.name === 'error') error = true;
  });
  return error;
}

/** A value as PGlite's own query sends it: by the parameter's type, else as text. */
function serializeValue(value, type) {
  if (value === null || value === undefined) return null;
  const serializer = db.serializers[type];
  return serializer ? serializer(value) : value.toString();
}

/** One statement with values, as PGlite's query runs it (parse, describe, bind, describe, execute, sync). */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|comment)\b/i;

async function query({ text, params, types }) {
  if (SCHEMA_CHANGE.test(text)) described.clear();
  // Without values there are no types to ask for: one run. Most such texts are EXECUTEs of
  // prepared statements with their values written in (db/prepared.ts), a new text each time,
  // which would have cost a describe round each and filled the map with texts never seen again.
  if (!params?.length)
    return run(
      serialize.parse({ text, types }),
      serialize.bind({ values: [] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
  const key = types ? null : text;
  let paramTypes = key === null ? undefined : described.get(key);
  let head = new Uint8Array(0);
  if (!paramTypes) {
    head = await run(serialize.parse({ text, types }), serialize.describe({ type: 'S' }));
    paramTypes = parameterTypes(head);
    if (paramTypes === null) return concat([head, await run(serialize.sync())]);
    if (key !== null && described.size < 5000) described.set(key, paramTypes);
  }
  let values;
  try {
    values = (params ?? []).map((value, i) => serializeValue(value, paramTypes[i]));
  } catch (err) {
    await run(serialize.sync());
    throw err;
  }
  const parse = head.length ? [] : [serialize.parse({ text, types })];
  return concat([
    head,
    await run(
      ...parse,
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ),
  ]);
}

async function exec({ text }) {
  if (!TRANSACTION_CONTROL.test(text)) described.clear();
  return run(serialize.query(text), serialize.sync());
}

const waiting = [];
/** The transaction holding the session, if any: only its statements run until it ends. */
let open = null;
let closing = false;

async function answer(msg) {
  if (msg.kind === 'close') {
    closing = true;
    db.close()
      .catch(() => undefined)
      .finally(() => {
        parentPort.postMessage({ id: msg.id, bytes: new Uint8Array(0) });
        parentPort.close();
      });
    return;
  }
  try {
    // A transaction's BEGIN, sent with its first statement: from here only its statements run.
    if (msg.begin) {
      const begun = await run(serialize.query('BEGIN'), serialize.sync());
      if (failed(begun)) {
        parentPort.postMessage({ id: msg.id, bytes: begun }, [begun.buffer]);
        return;
      }
      open = msg.tx;
    }
    const bytes = await (msg.kind === 'query' ? query(msg) : msg.kind === 'exec' ? exec(msg) : run(msg.bytes));
    if (msg.ends) open = null;
    parentPort.postMessage({ id: msg.id, bytes }, [bytes.buffer]);
  } catch (err) {
    if (msg.ends) open = null;
    parentPort.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
  }
}

let pumping = false;
/** Runs the waiting statements one after another, each to its end before the next. */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (!closing) {
      const next = open === null ? (waiting.length ? 0 : -1) : waiting.findIndex((m) => m.tx === open);
      if (next < 0) return;
      await answer(waiting.splice(next, 1)[0]);
    }
  } finally {
    pumping = false;
  }
}

parentPort.on('message', (msg) => {
  waiting.push(msg);
  void pump();
});
