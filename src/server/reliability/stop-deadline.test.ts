import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A stop that cannot finish in time ends anyway: past SHUTDOWN_TIMEOUT_MS the process logs why and
 * exits 1 (docs/decisions/0234-graceful-stop-with-a-deadline.md). The work that holds it here is a
 * request whose body never finishes arriving. A real process, on the embedded database.
 */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'halalnosh-deadline-'));
let child: ChildProcess | null = null;
const sockets: net.Socket[] = [];

afterAll(() => {
  for (const s of sockets) s.destroy();
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // gone
  }
  rmSync(work, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('a stop past its deadline', () => {
  it('logs that it did not finish and exits 1', async () => {
    const port = await freePort();
    child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'src/server/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: work,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO: '0',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    for (
      let i = 0;
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (child.exitCode !== null || i > 600) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }

    // A public write whose body stops half-way: the request stays in flight.
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/city-suggestions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://localhost:${port}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"city":',
    );
    for (let i = 0; !output.includes('/api/city-suggestions'); i++) {
      if (i > 100) throw new Error(`the request never reached the server:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }

    const stoppedAt = Date.now();
    process.kill(child.pid!, 'SIGTERM');
    const code = await exited;
    const took = Date.now() - stoppedAt;
    expect(code, output.slice(-2000)).toBe(1);
    expect(output).toContain('shutdown did not finish within SHUTDOWN_TIMEOUT_MS (1500 ms)');
    expect(output).not.toContain('shut down cleanly');
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(15_000);
  }, 240_000);
});
