import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The server's VAPID key pair (base64url): the public key goes to browsers, the private one signs every push. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** A P-256 key pair as the Push API wants it: the uncompressed public point (65 bytes) and the 32-byte private scalar. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: padPrivateKey(ecdh.getPrivateKey()).toString('base64url'),
  };
}

/**
 * Node's ECDH hands back the private scalar without its leading zero bytes (about one key in 256
 * is 31 bytes or shorter), and web-push refuses anything but exactly 32: pad it back on the left.
 */
function padPrivateKey(raw: Buffer): Buffer {
  return raw.length >= 32 ? raw : Buffer.concat([Buffer.alloc(32 - raw.length), raw]);
}

/** A stored private key written before the padding above: the same scalar, as 32 bytes. */
function repairedPrivateKey(value: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return value;
  const raw = Buffer.from(value, 'base64url');
  return raw.length > 0 && raw.length < 32 ? padPrivateKey(raw).toString('base64url') : value;
}

/** Whether a base64url string decodes to exactly `bytes` bytes (65 for a public key, 32 for a private one). */
export function isVapidKey(value: string, bytes: 65 | 32): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
  const raw = Buffer.from(value, 'base64url');
  return raw.length === bytes && (bytes === 32 || raw[0] === 4);
}

/**
 * The key pair kept in DATA_DIR/vapid-keys.json, generated on first start
 * (docs/decisions/0143-web-push.md): every process sharing DATA_DIR signs with the same pair, so
 * the subscriptions browsers made keep working across restarts.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof keys.privateKey === 'string') keys.privateKey = repairedPrivateKey(keys.privateKey);
    if (
      typeof keys.publicKey === 'string' &&
      typeof keys.privateKey === 'string' &&
      isVapidKey(keys.publicKey, 65) &&
      isVapidKey(keys.privateKey, 32)
    )
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    throw new Error(`${file} does not hold a VAPID key pair: remove it to generate a new one`);
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  try {
    // 'wx': two processes starting together on one DATA_DIR keep the pair the first one wrote.
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateVapidKeys(dataDir);
    throw err;
  }
  return keys;
}
