import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_EVENTS } from '../../../domain/live-events';
import { topicName } from '../../../domain/topics';
import type { LiveBus } from '../../platform/live-bus';

const SERVER = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The event type of every `.publish(topic, 'type', …)` (or `.payloadAtCommit(…)`) call in the server's code. */
function publishedTypes(): { file: string; type: string }[] {
  const calls = /\.(?:publish|payloadAtCommit)\(\s*[^,()]+(?:\([^()]*\))?\s*,\s*'([^']+)'/g;
  return sourceFiles(SERVER).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(calls)].map((m) => ({ file, type: m[1] })),
  );
}

describe('the live-event table', () => {
  const published = publishedTypes();

  it('finds the publishes of the server code (the scan itself works)', () => {
    expect(published.length).toBeGreaterThan(30);
  });

  it('holds every event type the server publishes', () => {
    const unknown = published.filter((p) => !Object.hasOwn(LIVE_EVENTS, p.type));
    expect(unknown).toEqual([]);
  });

  it('holds no event type that nothing publishes', () => {
    const sent = new Set(published.map((p) => p.type));
    expect(Object.keys(LIVE_EVENTS).filter((type) => !sent.has(type))).toEqual([]);
  });
});

describe('LiveBus.publish types (checked by npm run typecheck: each line must stay a compile error)', () => {
  it('refuses an unknown type, a topic the type may not travel on and a wrong payload', () => {
    const wrongCalls = (bus: LiveBus, orderId: string) => [
      // @ts-expect-error: not an event type
      bus.publish(topicName.admin, 'badge', {}),
      // @ts-expect-error: order.status travels on order and site topics only
      bus.publish(topicName.admin, 'order.status', {
        orderId,
        orderNumber: 'HN-1',
        status: 'ACCEPTED',
        previousStatus: 'PENDING',
        action: 'accept',
      }),
      // @ts-expect-error: the payload misses tipMinor
      bus.publish(topicName.order(orderId), 'order.rated', { orderId, rating: 5 }),
      // @ts-expect-error: a bare string is not a topic
      bus.publish(`order:${orderId}` as string, 'order.rated', { orderId, rating: 5, tipMinor: 0 }),
      bus.publish(topicName.order(orderId), 'order.rated', { orderId, rating: 5, tipMinor: 0 }),
    ];
    expect(wrongCalls).toBeTypeOf('function');
  });
});
