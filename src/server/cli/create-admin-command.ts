// npm run create-admin -- --email <address> --name "<full name>" [--force]: see USAGE in create-admin.ts.
import { ConfigError, loadDatabaseSettings } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { CommandError, USAGE, checkPassword, createSuperAdmin, parseCreateAdminArgs } from './create-admin';

async function run(): Promise<number> {
  const args = parseCreateAdminArgs(process.argv.slice(2));
  if (!args) {
    console.log(USAGE);
    return 0;
  }
  // Everything is checked before the database is opened, so bad input writes nothing.
  const settings = loadDatabaseSettings();
  const password = checkPassword(await readPassword());
  let database: Database;
  try {
    database = settings.databaseUrl
      ? // Two connections: the migration lock holds one while the migrations use the other.
        await openPostgres(settings.databaseUrl, 2)
      : // The server's folder (app.ts openDatabase), on this thread: the command is short.
        await openPglite(`${settings.dataDir}/pglite`, { thread: false });
  } catch (err) {
    if (err instanceof DataDirInUseError) throw new CommandError(err.message, 1);
    throw new CommandError(`Could not open the database: ${err instanceof Error ? err.message : String(err)}`, 1);
  }
  try {
    await createSuperAdmin(database.db, { ...args, password });
  } finally {
    await database.close();
  }
  const where = process.env.PUBLIC_URL ? `${process.env.PUBLIC_URL.replace(/\/$/, '')}/admin/login` : '/admin/login';
  console.log(`Created super_admin ${args.email} (${args.name}). They sign in at ${where}.`);
  return 0;
}

/** At a terminal: asked twice, not echoed. Piped: the first line of standard input. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) text += chunk as string;
    const first = text.split(/\r?\n/)[0];
    if (!first)
      throw new CommandError(
        'No password on standard input: pipe it in as the first line, or run the command at a terminal.',
        2,
      );
    return first;
  }
  const password = await askHidden('Password for the new super_admin (at least 8 characters): ');
  checkPassword(password);
  if ((await askHidden('The same password again: ')) !== password)
    throw new CommandError('The two passwords differ; nothing was written.', 2);
  return password;
}

function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          reject(new CommandError('Cancelled; nothing was written.', 1));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    input.on('data', onData);
  });
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof CommandError || err instanceof ConfigError) {
      console.error(err.message);
      process.exit(err instanceof CommandError ? err.exitCode : 2);
    }
    console.error(err instanceof Error ? `create-admin failed: ${err.message}` : err);
    process.exit(1);
  },
);
