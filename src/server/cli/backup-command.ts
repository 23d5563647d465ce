// npm run backup -- [--to <folder>]   and   npm run restore -- <backup folder> [--force]
// (docs/operations.md#back-up-and-restore, docs/decisions/0232-backups-one-folder-with-a-manifest.md).
import { ConfigError, loadStorageSettings } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { BackupError, backup, restore } from './backup';

export const BACKUP_USAGE = `Usage:
  npm run backup -- [--to <folder>]            back up the database and the uploads into a new folder
                                               under <folder> (default ./backups)
  npm run restore -- <backup folder> [--force] restore a backup into an empty database and an empty
                                               UPLOAD_DIR or bucket; --force replaces what is there

The database is DATABASE_URL (PostgreSQL, backed up while the servers run) or the embedded one
under DATA_DIR (stop the server first). The uploads are UPLOAD_DIR, or the bucket UPLOAD_S3_BUCKET
names (with the servers' UPLOAD_S3_* settings). Exit code 0 on success, 1 when refused or failed,
2 for bad arguments.`;

export type Parsed = { command: 'backup'; to: string } | { command: 'restore'; from: string; force: boolean } | null;

/** The arguments of either command; null asks for the usage; throws BackupError (code 2) for bad ones. */
export function parseBackupArgs(command: 'backup' | 'restore', argv: string[]): Parsed {
  if (argv.includes('--help') || argv.includes('-h')) return null;
  if (command === 'backup') {
    let to = './backups';
    for (let i = 0; i < argv.length; i++) {
      if (argv[i] === '--to' && argv[i + 1]) to = argv[++i];
      else if (argv[i].startsWith('--to=')) to = argv[i].slice(5);
      else throw new BackupError(`Unknown argument ${argv[i]}.\n\n${BACKUP_USAGE}`, 2);
    }
    return { command, to };
  }
  const force = argv.includes('--force');
  const rest = argv.filter((a) => a !== '--force');
  const unknown = rest.find((a) => a.startsWith('-'));
  if (unknown) throw new BackupError(`Unknown argument ${unknown}.\n\n${BACKUP_USAGE}`, 2);
  if (rest.length !== 1) throw new BackupError(`Name one backup folder to restore.\n\n${BACKUP_USAGE}`, 2);
  return { command, from: rest[0], force };
}

async function main(): Promise<number> {
  const command = process.argv[2] === 'restore' ? 'restore' : 'backup';
  const args = parseBackupArgs(command, process.argv.slice(3));
  if (!args) {
    console.log(BACKUP_USAGE);
    return 0;
  }
  const settings = loadStorageSettings();
  const log = (line: string) => console.log(line);
  if (args.command === 'backup') {
    const folder = await backup(settings, args.to, log);
    console.log(`Backup written to ${folder}`);
  } else {
    const manifest = await restore(settings, args.from, { force: args.force }, log);
    console.log(`Restored the backup of ${manifest.createdAt}. Start the servers: they apply any newer migrations.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof BackupError) {
      console.error(err.message);
      process.exit(err.code);
    }
    if (err instanceof ConfigError || err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err instanceof Error ? `Failed: ${err.message}` : err);
    process.exit(1);
  },
);
