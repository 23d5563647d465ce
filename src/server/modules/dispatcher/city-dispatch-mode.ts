import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CityDispatchModesResponse } from '../../../domain/contracts/settings/dispatch-mode-endpoints';
import type { DispatchMode } from '../../../domain/dispatch-offers';
import { AppError } from '../../../domain/errors';
import { topicName } from '../../../domain/topics';
import type { Db, DbOrTx } from '../../db/client';
import { cities, deliveryJobs, jobOffers, sites } from '../../db/schema/index';
import { wakeDispatcher } from '../../platform/dispatcher-wake';
import type { LiveBus } from '../../platform/live-bus';
import { type AuditActor, recordAudit } from '../audit';
import { type EndedOffer, publishEnded, withdrawOffers } from './withdraw-offers';

/** Every city and how its jobs reach drivers, in the cities' own order. */
export async function listCityDispatchModes(db: DbOrTx): Promise<CityDispatchModesResponse> {
  const rows = await db
    .select({ slug: cities.slug, name: cities.name, mode: cities.dispatchMode })
    .from(cities)
    .orderBy(asc(cities.sortOrder), asc(cities.name));
  return { cities: rows };
}

/**
 * Switches a city between the jobs board and the dispatcher (docs/product/admin.md#dispatch-mode),
 * audited in the same transaction. Jobs already open keep reaching drivers the way they did: switching
 * to the dispatcher leaves them on the board (their `board_at` is set), switching to the board withdraws
 * the open offers, since the board now shows those jobs to everyone in reach
 * (docs/decisions/0273-dispatcher-offers-in-the-product.md).
 */
export async function setCityDispatchMode(
  deps: { db: Db; bus: LiveBus },
  actor: AuditActor,
  citySlug: string,
  mode: DispatchMode,
  now = new Date(),
): Promise<CityDispatchModesResponse> {
  const ended = await deps.db.transaction(async (tx) => {
    const [city] = await tx
      .select({ slug: cities.slug, mode: cities.dispatchMode })
      .from(cities)
      .where(eq(cities.slug, citySlug))
      .for('update');
    if (!city) throw new AppError('NOT_FOUND', 'City not found');
    if (city.mode === mode) return null;
    await tx.update(cities).set({ dispatchMode: mode }).where(eq(cities.slug, citySlug));
    const cityJobs = sql`${deliveryJobs.siteId} in (select ${sites.id} from ${sites} where ${sites.citySlug} = ${citySlug})`;
    let withdrawn: EndedOffer[] = [];
    let kept = 0;
    if (mode === 'dispatcher') {
      const onBoard = await tx
        .update(deliveryJobs)
        .set({ boardAt: now })
        .where(and(eq(deliveryJobs.status, 'available'), isNull(deliveryJobs.boardAt), cityJobs))
        .returning({ id: deliveryJobs.id });
      kept = onBoard.length;
    } else {
      const open = await tx
        .select({ id: deliveryJobs.id })
        .from(deliveryJobs)
        .where(and(eq(deliveryJobs.status, 'available'), cityJobs));
      if (open.length)
        withdrawn = await withdrawOffers(
          tx,
          inArray(
            jobOffers.jobId,
            open.map((j) => j.id),
          ),
          'city_on_board',
          now,
        );
    }
    await recordAudit(tx, {
      actionType: 'city_dispatch_mode_changed',
      entityType: 'city',
      entityId: citySlug,
      actor,
      details: { from: city.mode, to: mode, jobsLeftOnBoard: kept, offersWithdrawn: withdrawn.length },
    });
    return withdrawn;
  });
  if (ended) {
    await publishEnded(deps.bus, ended);
    await deps.bus.publish(topicName.admin, 'city.dispatch_mode', { citySlug, mode });
    wakeDispatcher();
  }
  return listCityDispatchModes(deps.db);
}
