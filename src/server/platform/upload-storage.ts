import { mkdir, open, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../domain/errors';
import {
  type StoredFile,
  type UploadStorage,
  type UploadStorageSettings,
  UploadMissingError,
  contentTypeOfKey,
} from './stored-files';

export * from './stored-files';

/**
 * Opens the file of an upload row the caller may read, wherever it is stored. A row whose file is
 * gone (swept, or left out of a restore) answers 404 "File not found", like a row that does not exist.
 */
export async function openStoredFile(storage: UploadStorage, storageKey: string): Promise<StoredFile> {
  try {
    return await storage.get(storageKey);
  } catch (err) {
    if (err instanceof UploadMissingError) throw new AppError('NOT_FOUND', 'File not found');
    throw err;
  }
}

/**
 * The folder the uploads live in when no bucket is set: today's behaviour. A key that would lead
 * out of the folder is refused, whoever wrote it.
 */
export function folderStorage(dir: string): UploadStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep))
      throw new Error(`The upload key ${JSON.stringify(key)} leads out of ${root}`);
    return file;
  };
  return {
    kind: 'folder',
    location: root,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      const file = fileOf(key);
      // Opened before anything is sent, so a missing file is an answer (404), not a broken stream.
      const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? new UploadMissingError(key) : err;
      });
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), contentType: contentTypeOfKey(key), contentLength: size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async delete(key) {
      await unlink(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async *list() {
      async function* walk(rel: string): AsyncGenerator<{ key: string; bytes: number }> {
        let entries;
        try {
          entries = await readdir(path.join(root, rel), { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw err;
        }
        for (const d of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
          const r = rel ? `${rel}/${d.name}` : d.name;
          if (d.isDirectory()) yield* walk(r);
          else if (d.isFile()) {
            yield { key: r, bytes: (await stat(path.join(root, r))).size };
          }
        }
      }
      yield* walk('');
    },
  };
}

/**
 * The configured storage: the bucket when UPLOAD_S3_BUCKET is set, else the folder. The AWS SDK
 * is loaded only then (a dynamic import), so a start without a bucket never reads it; a bucket
 * that cannot be reached stops the start with one line naming it.
 */
export async function openUploadStorage(settings: UploadStorageSettings): Promise<UploadStorage> {
  if (!settings.s3) return folderStorage(settings.dir);
  const { s3Storage } = await import('./s3-upload-storage');
  const storage = s3Storage(settings.s3);
  await storage.check();
  return storage;
}
