import { and, eq } from 'drizzle-orm';
import type { AdminSiteHalalResponse } from '../../../domain/contracts/halal/admin-halal';
import { AppError } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { tickets } from '../../db/schema/index';
import { getSiteHalal } from './get-site-halal';

/** The location a halal concern ticket is about, so a verifier can suspend it from the ticket. */
export async function getTicketSiteHalal(db: DbOrTx, ticketId: string): Promise<AdminSiteHalalResponse> {
  const [row] = await db
    .select({ siteId: tickets.siteId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.channel, 'halal_report')));
  if (!row?.siteId) throw new AppError('NOT_FOUND', 'No location on this ticket');
  return getSiteHalal(db, row.siteId);
}
