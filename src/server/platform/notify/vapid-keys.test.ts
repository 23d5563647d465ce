import { createECDH } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys, readOrCreateVapidKeys } from './vapid-keys';

describe('VAPID keys', () => {
  it('always gives a 32-byte private key, also for the one scalar in 256 that starts with a zero byte', () => {
    // 3,000 pairs hold a short scalar from Node's ECDH with a chance above 99.9%.
    for (let i = 0; i < 3000; i++) {
      const keys = generateVapidKeys();
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    }
  });

  it('reads a stored pair whose private key lost its leading zero byte as the same scalar in 32 bytes, and signs with it', () => {
    let ecdh = createECDH('prime256v1');
    do {
      ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
    } while (ecdh.getPrivateKey().length === 32);
    const short = ecdh.getPrivateKey();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-vapid-'));
    writeFileSync(
      path.join(dataDir, 'vapid-keys.json'),
      JSON.stringify({ publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: short.toString('base64url') }),
    );
    const keys = readOrCreateVapidKeys(dataDir);
    const raw = Buffer.from(keys.privateKey, 'base64url');
    expect(raw).toHaveLength(32);
    expect(raw.subarray(32 - short.length)).toEqual(short);
    expect(raw.subarray(0, 32 - short.length).every((b) => b === 0)).toBe(true);
    const headers = webpush.getVapidHeaders(
      'https://push.example',
      'mailto:someone@example.com',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toMatch(/^vapid t=/);
  });
});
