// Child processes a bench script owns: each in its own process group (so a signal reaches npm,
// scripts/start.mjs and the server alike), its output kept (the last 6,000 characters) for error
// messages and echoed with --verbose, and only those groups ever signalled.
import { spawn } from 'node:child_process';

const owned = new Set();

/** Starts `cmd args` as an owned process group: { child, exited (→ { code, signal }), output() }. */
export function spawnOwned(cmd, args, { cwd, env = {}, verbose = false } = {}) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  owned.add(child.pid);
  let output = '';
  const keep = (d) => {
    output = (output + d).slice(-6000);
    if (verbose) process.stderr.write(d);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      owned.delete(child.pid);
      resolve({ code, signal });
    }),
  );
  return { child, exited, output: () => output };
}

/** Signals one owned group; a group already gone is ignored. */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Stops an owned process group: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopOwned(handle, graceMs = 10_000) {
  signalGroup(handle.child.pid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(handle.child.pid, 'SIGKILL'), graceMs);
  await handle.exited;
  clearTimeout(timer);
}

/** Signals every owned group still running (a script's last clean-up). */
export function signalOwned(signal) {
  for (const pid of owned) signalGroup(pid, signal);
}
