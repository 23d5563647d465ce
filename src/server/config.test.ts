import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('uses the Redis event bus only when REDIS_URL is set', () => {
    expect(loadConfig(base).redisUrl).toBeNull();
    expect(loadConfig({ ...base, REDIS_URL: 'rediss://:pw@cache.internal:6380/0' }).redisUrl).toBe(
      'rediss://:pw@cache.internal:6380/0',
    );
  });

  it('requires AUTH_SECRET on a real database outside demo mode', () => {
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://h/db' })).toThrow(/AUTH_SECRET is required/);
  });
});
