import { rmSync } from 'node:fs';
import net from 'node:net';

/** Another process has the embedded database's folder open. */
export class DataDirInUseError extends Error {}

/**
 * Holds the embedded database's folder for this process: PGlite does not lock its files, and a
 * second process writing the same folder would corrupt it. The holder listens on a Unix socket
 * beside the folder; the kernel closes it when the process ends, so a crash leaves no stale lock
 * (a leftover socket file that nobody answers on is taken over). Returns the release.
 * Where a socket cannot be made there (a path too long for one), the folder is used unlocked.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = `${dir}.lock`;
  const server = net.createServer((socket) => socket.end());
  const listen = () =>
    new Promise<NodeJS.ErrnoException | null>((resolve) => {
      server.once('error', resolve);
      server.listen(file, () => {
        server.off('error', resolve);
        resolve(null);
      });
    });
  let failed = await listen();
  if (failed?.code === 'EADDRINUSE') {
    if (await answers(file)) {
      throw new DataDirInUseError(
        `The embedded database in ${dir} is in use by another process (the running server?). Stop it first: the folder can be opened by one process at a time.`,
      );
    }
    rmSync(file, { force: true });
    failed = await listen();
  }
  if (failed) return async () => undefined;
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Whether a process is listening on the socket file. */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(file);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
