import { eq, sql } from 'drizzle-orm';
import {
  type NotificationChannel,
  type StoredPreference,
  gridToPreferences,
  preferenceGrid,
} from '../../../domain/notifications';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema/index';

type Grid<K extends string> = Record<NotificationChannel, Record<K, boolean>>;

/** A person's grid for their audience's events (docs/decisions/0141-notification-preferences.md): absent switches are on. */
export async function getPreferenceGrid<K extends string>(
  db: DbOrTx,
  userId: string,
  events: readonly { key: K }[],
): Promise<Grid<K>> {
  const rows = await db
    .select({
      channel: notificationPreferences.channel,
      kind: notificationPreferences.kind,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return preferenceGrid(events, rows);
}

/** Stores switches (one upsert), e.g. a whole saved grid or the one an unsubscribe link turns off. */
export async function setPreferences(db: DbOrTx, userId: string, switches: readonly StoredPreference[]): Promise<void> {
  if (!switches.length) return;
  const now = new Date();
  await db
    .insert(notificationPreferences)
    .values(switches.map((s) => ({ userId, channel: s.channel, kind: s.kind, enabled: s.enabled, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.channel, notificationPreferences.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: now },
    });
}

/** Saves a whole grid, so the stored state is always what the screen showed; answers it as read back. */
export async function savePreferenceGrid<K extends string>(
  db: DbOrTx,
  userId: string,
  events: readonly { key: K }[],
  grid: Grid<K>,
): Promise<Grid<K>> {
  await setPreferences(db, userId, gridToPreferences(events, grid));
  return getPreferenceGrid(db, userId, events);
}
