import type { Db } from '../../../db/client';
import { orderNotes } from '../../../db/schema/index';
import { type AuditActor, recordAudit } from '../../audit';

/**
 * An internal note on the order console (docs/product/admin.md#order-console): for the back office
 * only, audited with the note; the browser's request id makes a double click store it once.
 * Returns whether a note was stored.
 */
export async function addOrderNote(
  db: Db,
  actor: AuditActor,
  order: { id: string; orderNumber: string },
  input: { body: string; requestId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [note] = await tx
      .insert(orderNotes)
      .values({
        orderId: order.id,
        authorId: actor.userId,
        authorName: actor.name,
        body: input.body,
        requestId: input.requestId,
      })
      .onConflictDoNothing({ target: orderNotes.requestId })
      .returning({ id: orderNotes.id });
    if (!note) return false;
    await recordAudit(tx, {
      actionType: 'order_note_added',
      entityType: 'order',
      entityId: order.id,
      actor,
      details: { orderNumber: order.orderNumber, noteId: note.id, note: input.body },
    });
    return true;
  });
}
