import { Worker } from 'node:worker_threads';
import {
  Mutex,
  PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
  TransactionAbortedError,
  type messages,
  protocol,
} from '@electric-sql/pglite';
import { query as queryTemplate } from '@electric-sql/pglite/template';
import { answerHandler, readResults } from './pglite-answer';

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];
type DatabaseError = InstanceType<typeof messages.DatabaseError>;
type Request =
  | { kind: 'query'; text: string; params: unknown[]; types?: number[] }
  | { kind: 'exec'; text: string }
  | { kind: 'raw'; bytes: Uint8Array }
  | { kind: 'close' };
/**
 * `tx`: the transaction a statement belongs to; `begin`: it is the transaction's first, and the
 * worker runs BEGIN just before it; `ends`: it closes the transaction.
 */
type Sent = Request & { tx?: number; begin?: boolean; ends?: boolean };

const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/**
 * PGlite's own base class (parsers and serializers, array types, the `sql` template), which its
 * in-thread client extends; it is not exported by name, so it is taken from PGlite's prototype chain.
 */
const BasePGlite = Object.getPrototypeOf(PGlite) as new () => {
  parsers: Record<number | string, (value: string, typeId?: number) => unknown>;
  _initArrayTypes(opts?: { force?: boolean }): Promise<void>;
};

/**
 * The embedded database on a thread of its own (docs/decisions/0192-embedded-database-thread.md).
 * In the server's thread PGlite ran every statement synchronously, so one core did both the
 * database's work and the server's while the machine's second core had little to do. Here PGlite
 * runs in a worker thread (pglite-worker.mjs) and this client, with PGlite's interface (query,
 * exec, transaction, listen: Drizzle's PGlite driver uses it as it would PGlite), sends it whole
 * statements and parses the raw answers as PGlite does. Statements of different requests queue in
 * the worker and run back to back; a transaction's statements carry its number, and while it is
 * open only they run.
 */
export class ThreadedPglite extends BasePGlite {
  debug = 0 as const;
  readonly waitReady: Promise<void>;
  #worker!: Worker;
  #calls = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (err: Error) => void }>();
  #nextCall = 1;
  #nextTransaction = 1;
  #started: Promise<void>;
  #closed: Error | null = null;
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #exclusive = new Mutex();
  /** Transactions whose BEGIN waits for their first statement, to go with it. */
  #unbegun = new Set<number>();

  #dataDir: string | null;
  #startParams: string[];
  /** Threads being shut down on purpose (renew): their exit is not a failure. */
  #retiring = new WeakSet<Worker>();

  constructor(dataDir: string | null, startParams: string[]) {
    super();
    this.#dataDir = dataDir;
    this.#startParams = startParams;
    this.#started = this.#spawn();
    // The array types are read through query(), which waits only for the thread to start.
    this.waitReady = this.#started.then(() => this._initArrayTypes());
    // A failed start is reported by waitReady; this keeps it from also being an unhandled rejection.
    this.waitReady.catch(() => undefined);
  }

  /** Starts the worker thread; resolves when its database is ready. */
  #spawn(): Promise<void> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: this.#dataDir, startParams: this.#startParams },
      // Its own young generation, small: the thread allocates little besides the answers it copies.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.#worker = worker;
    const started = new Promise<void>((resolve, reject) => {
      worker.once('message', (msg: { ready: boolean; error?: string }) => {
        if (msg.ready) resolve();
        else reject(new Error(`The embedded database did not start: ${msg.error}`));
      });
      worker.once('error', reject);
    });
    worker.on('message', (msg: { id?: number; bytes?: Uint8Array; error?: string }) => {
      const call = msg.id === undefined ? undefined : this.#calls.get(msg.id);
      if (!call) return;
      this.#calls.delete(msg.id!);
      if (msg.error !== undefined) call.reject(new Error(msg.error));
      else call.resolve(msg.bytes!);
    });
    worker.on('error', (err) => {
      if (!this.#retiring.has(worker)) this.#fail(err);
    });
    worker.on('exit', (code) => {
      if (!this.#retiring.has(worker)) this.#fail(new Error(`The embedded database stopped (exit code ${code})`));
    });
    started.catch(() => undefined);
    return started;
  }

  /**
   * Starts the database again in a fresh thread on the same data folder, once the statements sent
   * before have run. PostgreSQL's WebAssembly memory only grows: what creating a database and
   * filling it with the demo data took stays taken for the life of the thread, and a fresh thread
   * starts small (docs/decisions/0192-embedded-database-thread.md). The notifications listened to
   * are listened to again; statements prepared in the old session are prepared again on first use
   * (db/prepared.ts).
   */
  async renew(): Promise<void> {
    if (this.#closed) throw this.#closed;
    const old = this.#worker;
    this.#retiring.add(old);
    await this.#send({ kind: 'close' });
    await old.terminate();
    this.#started = this.#spawn();
    await this.#started;
    for (const channel of this.#listeners.keys()) await this.#exec(undefined, `listen ${quoted(channel)}`);
  }

  #fail(err: Error) {
    this.#closed ??= err;
    for (const call of this.#calls.values()) call.reject(err);
    this.#calls.clear();
  }

  async #send(request: Sent): Promise<Uint8Array> {
    if (this.#closed) throw this.#closed;
    await this.#started;
    const id = this.#nextCall++;
    // A transaction's first statement carries its BEGIN.
    const begin = request.tx !== undefined && this.#unbegun.delete(request.tx);
    return new Promise<Uint8Array>((resolve, reject) => {
      this.#calls.set(id, { resolve, reject });
      this.#worker.postMessage(begin ? { id, ...request, begin: true } : { id, ...request });
    });
  }

  /**
   * An answer's messages, as PGlite keeps them: the first error is kept (later messages dropped),
   * notices go to the query's handler, notifications to the listeners of their channel.
   */
  #messages(data: Uint8Array, options?: QueryOptions): { messages: BackendMessage[]; error: DatabaseError | null } {
    const out: BackendMessage[] = [];
    const handler = answerHandler(options, (channel, payload) => this.#notify(channel, payload));
    new protocol.Parser().parse(data, (msg) => {
      if (handler.error()) return;
      handler.onMessage(msg);
      out.push(msg);
    });
    return { messages: out, error: handler.error() };
  }

  /** The results of a statement's answer; its error, as PGlite throws it (with the query and values). */
  #results(data: Uint8Array, query: string, params: unknown[] | undefined, options?: QueryOptions): Results[] {
    const handler = answerHandler(options, (channel, payload) => this.#notify(channel, payload));
    const results = readResults(data, this.parsers, options, handler.onMessage);
    const error = handler.error();
    if (error) {
      Object.assign(error, { query, params, queryOptions: options });
      throw error;
    }
    return results!; // read to the end: only an error stops it
  }

  #notify(channel: string, payload: string) {
    for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
  }

  async #query<T>(tx: number | undefined, query: string, params: unknown[] = [], options?: QueryOptions) {
    if (options?.blob) throw new Error('Files attached to a query are not supported on the embedded database thread');
    const data = await this.#send({ kind: 'query', text: query, params, types: options?.paramTypes, tx });
    return this.#results(data, query, params, options)[0] as Results<T>;
  }

  async #exec(tx: number | undefined, query: string, options?: QueryOptions, marks: Partial<Sent> = {}) {
    if (options?.blob) throw new Error('Files attached to a query are not supported on the embedded database thread');
    const data = await this.#send({ kind: 'exec', text: query, tx, ...marks } as Sent);
    return this.#results(data, query, undefined, options);
  }

  async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, query, params, options);
  }

  async exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, query, options);
  }

  /**
   * As PGlite's: BEGIN, the callback, then COMMIT (ROLLBACK when it throws); TransactionAbortedError
   * if COMMIT rolled back. The BEGIN goes with the callback's first statement rather than in a
   * round trip of its own: the database runs nothing else while a transaction is open, so each
   * round trip inside one holds every other request up for as long as this thread takes to send
   * the next statement (docs/decisions/0192-embedded-database-thread.md). A callback that runs no
   * statement opens no transaction, and nothing is committed or rolled back.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextTransaction++;
    this.#unbegun.add(id);
    const end = async (command: 'COMMIT' | 'ROLLBACK') =>
      this.#unbegun.delete(id) ? [] : this.#exec(id, command, undefined, { ends: true });
    let closed = false;
    const checkClosed = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async <R>(query: string, params?: unknown[], options?: QueryOptions) => {
        checkClosed();
        return this.#query<R>(id, query, params, options);
      },
      sql: async <R>(strings: TemplateStringsArray, ...values: unknown[]) => {
        checkClosed();
        const { query, params } = queryTemplate(strings, ...values);
        return this.#query<R>(id, query, params);
      },
      exec: async (query: string, options?: QueryOptions) => {
        checkClosed();
        return this.#exec(id, query, options);
      },
      rollback: async () => {
        checkClosed();
        closed = true;
        await end('ROLLBACK');
      },
      listen: async (channel: string, callback: (payload: string) => void) => {
        checkClosed();
        return this.#listen(channel, callback, id);
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx);
      if (!closed) {
        closed = true;
        const [committed] = await end('COMMIT');
        if (committed?.command === 'ROLLBACK') {
          const error = new TransactionAbortedError();
          Object.assign(error, { query: 'COMMIT', params: undefined, queryOptions: undefined });
          throw error;
        }
      }
      return result;
    } catch (err) {
      if (!closed) {
        closed = true;
        await end('ROLLBACK');
      }
      throw err;
    }
  }

  /** LISTEN on `channel` (its exact name); the callback gets each NOTIFY's payload. */
  async listen(channel: string, callback: (payload: string) => void) {
    return this.#listen(channel, callback, undefined);
  }

  async #listen(channel: string, callback: (payload: string) => void, tx: number | undefined) {
    let set = this.#listeners.get(channel);
    if (!set) {
      this.#listeners.set(channel, (set = new Set()));
      await this.#exec(tx, `listen ${quoted(channel)}`);
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.#listeners.get(channel) === set) {
        this.#listeners.delete(channel);
        if (!this.#closed) await this.#exec(undefined, `unlisten ${quoted(channel)}`);
      }
    };
  }

  // The lower-level parts of PGlite's interface, for anything that uses them directly.
  async execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    return this.#send({ kind: 'raw', bytes: message });
  }

  async execProtocol(
    message: Uint8Array,
    options: { throwOnError?: boolean; onNotice?: QueryOptions['onNotice'] } = {},
  ) {
    const data = await this.execProtocolRaw(message);
    const { messages: found, error } = this.#messages(data, options);
    if (error && options.throwOnError !== false) throw error;
    return { messages: found, data };
  }

  async execProtocolStream(message: Uint8Array, options: { throwOnError?: boolean } = {}) {
    return (await this.execProtocol(message, options)).messages;
  }

  async execProtocolRawStream(message: Uint8Array, { onRawData }: { onRawData: (data: Uint8Array) => void }) {
    onRawData(await this.execProtocolRaw(message));
  }

  /** The data folder is written through, as PGlite's Node file system does: nothing to flush. */
  async syncToFs() {}

  async _handleBlob(blob?: unknown) {
    if (blob) throw new Error('Files attached to a query are not supported on the embedded database thread');
  }

  async _getWrittenBlob() {
    return undefined;
  }

  async _cleanupBlob() {}

  async _checkReady() {
    if (this.#closed) throw this.#closed;
    await this.#started;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#exclusive.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#exclusive.runExclusive(fn);
  }

  /** Shuts the database down cleanly once the statements sent before have run, then ends the thread. */
  async close() {
    if (this.#closed) return;
    await this.#send({ kind: 'close' }).catch(() => undefined);
    this.#closed = new Error('The embedded database is closed');
    await this.#worker.terminate();
  }
}
