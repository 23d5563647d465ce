/**
 * Live-event topics. Each names what a subscriber may see:
 * - order:{orderId}    one order, for its customer, its restaurant's staff, its driver and admins
 * - site:{siteId}      a site's orders, for its staff
 * - jobs:{AREA}        delivery jobs in a postcode area (leading letters), for approved drivers there
 * - user:{userId}      one account's own changes (driver approval, earnings)
 * - admin              back-office badges and queues, for admins
 * - group:{groupId}    one group order's shared basket, for its members (docs/product/group-orders.md)
 */
export type Topic =
  | { kind: 'order'; id: string }
  | { kind: 'site'; id: string }
  | { kind: 'jobs'; area: string }
  | { kind: 'user'; id: string }
  | { kind: 'admin' }
  | { kind: 'group'; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Parses a topic string; null when it is not one of the known shapes. */
export function parseTopic(raw: string): Topic | null {
  if (raw === 'admin') return { kind: 'admin' };
  const [kind, value, ...rest] = raw.split(':');
  if (!value || rest.length) return null;
  switch (kind) {
    case 'order':
      return UUID.test(value) ? { kind: 'order', id: value.toLowerCase() } : null;
    case 'site':
      return UUID.test(value) ? { kind: 'site', id: value.toLowerCase() } : null;
    case 'jobs':
      return /^[A-Z]{1,2}$/.test(value) ? { kind: 'jobs', area: value } : null;
    case 'group':
      return UUID.test(value) ? { kind: 'group', id: value.toLowerCase() } : null;
    case 'user':
      return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? { kind: 'user', id: value } : null;
    default:
      return null;
  }
}

export type TopicKind = Topic['kind'];

/** A topic as it travels (`order:{id}`…): its kind is part of its type, so an event's allowed topics are checked at compile time. */
export type TopicString =
  `order:${string}` | `site:${string}` | `jobs:${string}` | `user:${string}` | `group:${string}` | 'admin';

/** The kind of a topic string type: `order:${string}` -> 'order'. */
export type TopicKindOf<T extends TopicString> = T extends 'admin'
  ? 'admin'
  : T extends `${infer K}:${string}`
    ? Extract<K, TopicKind>
    : never;

export const topicName = {
  order: (id: string): `order:${string}` => `order:${id}`,
  site: (id: string): `site:${string}` => `site:${id}`,
  jobs: (area: string): `jobs:${string}` => `jobs:${area}`,
  user: (id: string): `user:${string}` => `user:${id}`,
  admin: 'admin',
  group: (id: string): `group:${string}` => `group:${id}`,
} as const;

/** The postcode area of a UK postcode or outward code: its leading letters ("e1 6an" -> "E"). */
export function postcodeArea(postcode: string): string | null {
  const m = /^\s*([A-Za-z]{1,2})\d/.exec(postcode);
  return m ? m[1].toUpperCase() : null;
}
