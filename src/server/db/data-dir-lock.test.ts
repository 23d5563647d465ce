import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const folder = () => path.join(mkdtempSync(path.join(tmpdir(), 'halalnosh-lock-')), 'pglite');

describe('the embedded database folder lock', () => {
  it('lets one holder at a time open the folder, and the next one once it is released', async () => {
    const dir = folder();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await expect(lockDataDir(dir)).rejects.toThrow(
      /in use by another process \(the running server\?\)\. Stop it first/,
    );
    await release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over the lock of a holder that was killed', async () => {
    const dir = folder();
    // A process that holds the lock as the server does and is then killed leaves its socket file.
    const holder = spawn(
      process.execPath,
      ['-e', `require('net').createServer().listen(${JSON.stringify(`${dir}.lock`)}, () => console.log('held'))`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(existsSync(`${dir}.lock`)).toBe(true);
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirInUseError);
    await release();
  });
});
