import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseSettings, loadStorageSettings } from './config';
import { generateVapidKeys } from './platform/notify/vapid-keys';

const base = { DATA_DIR: '/tmp/halalnosh-config-test' };

describe('loadConfig', () => {
  it('defaults to port 3000, the embedded database and demo mode', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, demo: true, publicUrl: 'http://localhost:3000' });
  });

  it('turns demo mode off with DATABASE_URL unless DEMO=1', () => {
    const url = 'postgres://postgres@127.0.0.1/halalnosh';
    expect(loadConfig({ ...base, DATABASE_URL: url, AUTH_SECRET: 's'.repeat(32) }).demo).toBe(false);
    expect(loadConfig({ ...base, DATABASE_URL: url, DEMO: '1' }).demo).toBe(true);
  });

  it('has no demo data in production unless DEMO=1, on the embedded database too (docs/decisions/0197-no-demo-in-production-and-first-admin.md)', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' })).toMatchObject({ production: true, demo: false });
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO: '1' })).toMatchObject({ production: true, demo: true });
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO: '0' }).demo).toBe(false);
    const url = 'postgres://postgres@127.0.0.1/halalnosh';
    expect(loadConfig({ ...base, NODE_ENV: 'production', DATABASE_URL: url, AUTH_SECRET: 's'.repeat(32) }).demo).toBe(
      false,
    );
    // Outside production, npm start still serves the demo on the embedded database.
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).demo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).demo).toBe(true);
  });

  it('samples one trace in twenty by default, and reads the standard sampler variables (docs/decisions/0244-traces-sampled-at-the-request.md)', () => {
    const endpoint = 'http://127.0.0.1:4318';
    expect(loadConfig({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }).traces.sampler).toEqual({
      name: 'parentbased_traceidratio',
      ratio: 0.05,
    });
    expect(loadConfig({ ...base, OTEL_TRACES_SAMPLER: 'always_on' }).traces.sampler).toEqual({
      name: 'always_on',
      ratio: 1,
    });
    expect(
      loadConfig({ ...base, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }).traces.sampler,
    ).toEqual({ name: 'traceidratio', ratio: 0.25 });
    expect(loadConfig({ ...base, OTEL_TRACES_SAMPLER_ARG: '0.5' }).traces.sampler.ratio).toBe(0.5);
    expect(() => loadConfig({ ...base, OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ ...base, OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
  });

  it('reads only where the database is for commands (create-admin)', () => {
    expect(loadDatabaseSettings({ DATA_DIR: '/srv/halalnosh' })).toEqual({
      databaseUrl: null,
      dataDir: '/srv/halalnosh',
    });
    expect(loadDatabaseSettings({ DATABASE_URL: 'postgres://h/db', NODE_ENV: 'production' })).toMatchObject({
      databaseUrl: 'postgres://h/db',
    });
    expect(() => loadDatabaseSettings({ DATABASE_URL: 'mysql://x' })).toThrow(
      /^Configuration error: DATABASE_URL must start with postgres/,
    );
  });

  it('stops with one line naming a malformed setting', () => {
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: 'eighty' })).toThrow(/^Configuration error: PORT/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ ...base, DEMO: 'maybe' })).toThrow(/DEMO/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, REDIS_URL: 'localhost:6379' })).toThrow(
      /^Configuration error: REDIS_URL must be a URL starting with redis:\/\//,
    );
    expect(() => loadConfig({ ...base, REDIS_URL: 'redis://[bad' })).toThrow(
      /^Configuration error: REDIS_URL must be a URL/,
    );
  });

  it('sweeps unanswered orders every 15 s unless UNANSWERED_ORDERS_SWEEP_MS says otherwise', () => {
    expect(loadConfig(base).unansweredOrdersSweepMs).toBe(15_000);
    expect(loadConfig({ ...base, UNANSWERED_ORDERS_SWEEP_MS: '1000' }).unansweredOrdersSweepMs).toBe(1000);
    expect(() => loadConfig({ ...base, UNANSWERED_ORDERS_SWEEP_MS: '10' })).toThrow(
      /^Configuration error: UNANSWERED_ORDERS_SWEEP_MS must be at least 250 milliseconds/,
    );
    expect(() => loadConfig({ ...base, UNANSWERED_ORDERS_SWEEP_MS: 'soon' })).toThrow(/UNANSWERED_ORDERS_SWEEP_MS/);
  });

  it('serves no metrics unless METRICS_PORT or METRICS_TOKEN is set, and refuses weak or clashing settings (docs/decisions/0227-metrics-exposure.md)', () => {
    expect(loadConfig(base).metrics).toEqual({ port: null, host: '127.0.0.1', token: null });
    const token = 'a1'.repeat(16);
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token,
    });
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      'Configuration error: METRICS_TOKEN must be at least 32 characters (for example: openssl rand -hex 32)',
    );
    expect(() => loadConfig({ ...base, METRICS_TOKEN: `${token} x` })).toThrow(/METRICS_TOKEN must be printable ASCII/);
    expect(() => loadConfig({ ...base, METRICS_PORT: 'ninety' })).toThrow(
      'Configuration error: METRICS_PORT must be a port number',
    );
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' })).toThrow(
      /METRICS_PORT must be a port number \(1 to 65535\)/,
    );
    expect(() => loadConfig({ ...base, PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      'Configuration error: METRICS_PORT must differ from PORT',
    );
  });

  it('keeps uploads in UPLOAD_DIR unless UPLOAD_S3_BUCKET is set (docs/decisions/0242-uploads-in-object-storage.md)', () => {
    expect(loadConfig(base).uploads).toMatchObject({ dir: path.resolve(base.DATA_DIR, 'uploads'), s3: null });
    const r2 = {
      ...base,
      UPLOAD_S3_BUCKET: 'halalnosh-uploads',
      UPLOAD_S3_ENDPOINT: 'https://4f9d2c7a1b.r2.cloudflarestorage.com/',
      UPLOAD_S3_REGION: 'auto',
      UPLOAD_S3_ACCESS_KEY_ID: '8a1d0c5e7f2b4a6c9e3d',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'r4T8wQ2zLk9Vn1Xb6Hc3Jm7Pd0Sf5Gy8Ue2Ai4Ko',
    };
    const bucket = {
      bucket: 'halalnosh-uploads',
      endpoint: 'https://4f9d2c7a1b.r2.cloudflarestorage.com',
      region: 'auto',
      accessKeyId: '8a1d0c5e7f2b4a6c9e3d',
      secretAccessKey: 'r4T8wQ2zLk9Vn1Xb6Hc3Jm7Pd0Sf5Gy8Ue2Ai4Ko',
      forcePathStyle: false,
    };
    expect(loadConfig(r2).uploads.s3).toEqual(bucket);
    // The backup and restore commands read the same bucket.
    expect(loadStorageSettings(r2).uploadS3).toEqual(bucket);
    expect(
      loadConfig({ ...base, UPLOAD_S3_BUCKET: 'uploads', UPLOAD_S3_FORCE_PATH_STYLE: '1' }).uploads.s3,
    ).toMatchObject({ endpoint: null, region: 'us-east-1', accessKeyId: null, forcePathStyle: true });
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...base, ...env });
        return null;
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    expect(refusal({ UPLOAD_S3_BUCKET: 'Halal_Nosh' })).toMatch(
      /^Configuration error: UPLOAD_S3_BUCKET must be a bucket name/,
    );
    expect(refusal({ UPLOAD_S3_BUCKET: 'uploads', UPLOAD_S3_ACCESS_KEY_ID: 'AKIA4QZ7JX2PLM3RKV5N' })).toBe(
      'Configuration error: UPLOAD_S3_ACCESS_KEY_ID and UPLOAD_S3_SECRET_ACCESS_KEY are set together or not at all',
    );
    expect(refusal({ UPLOAD_S3_ENDPOINT: 'http://minio.internal:9000' })).toBe(
      'Configuration error: UPLOAD_S3_ENDPOINT needs UPLOAD_S3_BUCKET (the bucket to use)',
    );
    expect(
      refusal({ UPLOAD_S3_BUCKET: 'uploads', UPLOAD_S3_ENDPOINT: 'http://key:secret@minio.internal:9000' }),
    ).toMatch(/^Configuration error: UPLOAD_S3_ENDPOINT must not hold credentials/);
  });

  it('uses the Redis event bus only when REDIS_URL is set', () => {
    expect(loadConfig(base).redisUrl).toBeNull();
    expect(loadConfig({ ...base, REDIS_URL: 'rediss://:pw@cache.internal:6380/0' }).redisUrl).toBe(
      'rediss://:pw@cache.internal:6380/0',
    );
  });

  it('requires AUTH_SECRET on a real database outside demo mode', () => {
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://h/db' })).toThrow(/AUTH_SECRET is required/);
  });

  it('generates the VAPID key pair into DATA_DIR on first start and keeps it (docs/decisions/0143-web-push.md)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-vapid-'));
    const first = loadConfig({ DATA_DIR: dataDir }).vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(first);
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(first.subject).toBe('mailto:no-reply@halalnosh.test');
  });

  it('takes the VAPID keys from the environment when both are set, and refuses half a pair', () => {
    const keys = generateVapidKeys();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'halalnosh-vapid-'));
    const c = loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(c.vapid).toMatchObject(keys);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/set together/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /^Configuration error: VAPID_PUBLIC_KEY must be a base64url P-256 public key/,
    );
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://x' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://halalnosh.example' }).vapid.subject).toBe(
      'https://halalnosh.example',
    );
  });

  it('sends SMS through SMS_URL only when it is set (docs/decisions/0144-sms-provider.md)', () => {
    expect(loadConfig(base).sms).toBeNull();
    expect(loadConfig({ ...base, SMS_URL: 'https://sms.example/Messages.json', SMS_TOKEN: 'sid:secret' }).sms).toEqual({
      url: 'https://sms.example/Messages.json',
      token: 'sid:secret',
      from: 'HalalNosh',
    });
    expect(() => loadConfig({ ...base, SMS_URL: 'ftp://x' })).toThrow(/SMS_URL/);
    expect(() => loadConfig({ ...base, SMS_TOKEN: 'x' })).toThrow(/SMS_TOKEN needs SMS_URL/);
    expect(() => loadConfig({ ...base, SMS_URL: 'https://sms.example', SMS_FROM: 'A very long sender' })).toThrow(
      /SMS_FROM/,
    );
  });
});
