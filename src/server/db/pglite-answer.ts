import { type QueryOptions, type Results, messages, protocol, types } from '@electric-sql/pglite';

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];
type DatabaseError = InstanceType<typeof messages.DatabaseError>;
type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;
type Field = { name: string; dataTypeID: number };

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);
const utf8 = new TextDecoder();
const BUILT_IN = types.parsers as unknown as Parsers;

/**
 * What a statement's raw answer holds, read as PGlite's own `Parser` and `parseResults` read it
 * (the same results, rows, fields, counts and errors), but faster for the messages every answer is
 * made of: row descriptions, data rows and command tags are read in place, each value decoded
 * straight from the answer's bytes, where PGlite's reader copied every value into a buffer of its
 * own and built each row from an array of pairs. That was a fifth of the server thread's time on
 * the embedded database (docs/decisions/0194-embedded-answers-read-in-place.md). Every other
 * message (errors, notices, notifications, parameter descriptions) goes through PGlite's parser;
 * `onMessage` sees those, and returning true from it stops the reading (the first error).
 */
export function readResults(
  data: Uint8Array,
  defaultParsers: Parsers,
  options: QueryOptions | undefined,
  onMessage: (msg: BackendMessage) => boolean,
): Results[] | null {
  const parsers: Parsers = options?.parsers ? { ...defaultParsers, ...options.parsers } : defaultParsers;
  const asArrays = options?.rowMode === 'array';
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const results: Results[] = [];
  let fields: Field[] = [];
  let rows: unknown[] = [];
  let affected = 0;
  let other: InstanceType<typeof protocol.Parser> | null = null;
  let stopped = false;

  const cstring = (at: number): [string, number] => {
    let end = at;
    while (data[end] !== 0) end++;
    return [utf8.decode(data.subarray(at, end)), end + 1];
  };
  const value = (text: string | null, typeId: number): unknown => {
    if (text === null) return null;
    // As PGlite: the query's and the database's parsers, else PGlite's built-in one for the type.
    const parser = parsers[typeId] ?? BUILT_IN[typeId];
    return parser ? parser(text, typeId) : text;
  };

  let at = 0;
  while (at + 5 <= data.length && !stopped) {
    const type = data[at];
    const length = view.getUint32(at + 1);
    const end = at + 1 + length;
    if (length < 4 || end > data.length) break; // an incomplete message: PGlite's parser waits for more, and none comes
    let p = at + 5;
    if (type === ROW_DESCRIPTION) {
      const count = view.getInt16(p);
      p += 2;
      fields = new Array(count);
      for (let i = 0; i < count; i++) {
        const [name, next] = cstring(p);
        // table id (4), column number (2), then the type id (4), size (2), modifier (4), format (2)
        fields[i] = { name, dataTypeID: view.getInt32(next + 6) };
        p = next + 18;
      }
    } else if (type === DATA_ROW) {
      const count = view.getInt16(p);
      p += 2;
      if (asArrays) {
        const row = new Array(count);
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(p);
          p += 4;
          row[i] = value(size === -1 ? null : utf8.decode(data.subarray(p, p + size)), fields[i]!.dataTypeID);
          if (size > 0) p += size;
        }
        rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(p);
          p += 4;
          const field = fields[i]!;
          const v = value(size === -1 ? null : utf8.decode(data.subarray(p, p + size)), field.dataTypeID);
          if (size > 0) p += size;
          // As Object.fromEntries: an own property even for a name like __proto__.
          if (field.name === '__proto__')
            Object.defineProperty(row, field.name, { value: v, enumerable: true, writable: true, configurable: true });
          else row[field.name] = v;
        }
        rows.push(row);
      }
    } else if (type === COMMAND_COMPLETE) {
      const [tag] = cstring(p);
      const words = tag.split(' ');
      const command = words[0]!;
      const count = Number.parseInt(words[words.length - 1]!, 10);
      if (COUNTED.has(command)) affected += count;
      const result: Results = { rows: rows as Results['rows'], fields, command, affectedRows: affected } as Results;
      if (!Number.isNaN(count)) (result as { rowCount?: number }).rowCount = count;
      results.push(result);
      fields = [];
      rows = [];
    } else {
      other ??= new protocol.Parser();
      other.parse(data.subarray(at, end), (msg) => {
        if (!stopped) stopped = onMessage(msg);
      });
    }
    at = end;
  }
  if (stopped) return null;
  if (results.length === 0) results.push({ affectedRows: 0, rows: [], fields: [] } as Results);
  return results;
}

/** The first error of an answer, as PGlite keeps it; notices to the query's handler, notifications to `notify`. */
export function answerHandler(
  options: QueryOptions | undefined,
  notify: (channel: string, payload: string) => void,
): { onMessage: (msg: BackendMessage) => boolean; error: () => DatabaseError | null } {
  let error: DatabaseError | null = null;
  return {
    onMessage(msg) {
      if (msg instanceof messages.DatabaseError) {
        error = msg;
        return true;
      }
      if (msg instanceof messages.NoticeMessage) options?.onNotice?.(msg);
      else if (msg instanceof messages.NotificationResponseMessage) notify(msg.channel, msg.payload);
      return false;
    },
    error: () => error,
  };
}
