import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/policies';
import { parseTopic } from '../../../domain/topics';
import type { Db } from '../../db/client';
import { userProfiles } from '../../db/schema/index';
import { isSiteStaff, loadOrderAccessRow, orderViewer } from '../access';
import { isGroupMember, isMemberOfOrdersGroup } from '../group-orders';

/**
 * Checks every requested topic against the caller; one topic they may not see refuses the whole
 * subscription (401 for a visitor where an account is needed, 403 otherwise).
 */
export async function authorizeTopics(
  db: Db,
  actor: Actor | null,
  rawTopics: string[],
  orderToken: string | null,
  /** A visitor's group order member token (docs/decisions/0256-group-order-links-and-member-tokens.md). */
  groupMemberToken: string | null = null,
): Promise<string[]> {
  const refuse = (): never => {
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    throw new AppError('FORBIDDEN', 'You may not follow these updates.');
  };
  const topics = [...new Set(rawTopics)];
  for (const raw of topics) {
    const topic = parseTopic(raw);
    if (!topic) throw new AppError('VALIDATION_ERROR', `topics: unknown topic "${raw.slice(0, 80)}"`);
    switch (topic.kind) {
      case 'order': {
        const order = await loadOrderAccessRow(db, topic.id);
        if (!order) refuse();
        // A group order's members follow its status too (docs/product/group-orders.md#after-checkout).
        if (
          !(await orderViewer(db, order!, actor, orderToken)) &&
          !(await isMemberOfOrdersGroup(db, topic.id, actor, groupMemberToken))
        )
          refuse();
        break;
      }
      case 'site':
        if (!actor || actor.userType !== 'partner' || !(await isSiteStaff(db, actor.userId, topic.id))) refuse();
        break;
      case 'jobs': {
        if (!actor || actor.userType !== 'driver' || actor.status !== 'approved') refuse();
        const [p] = await db
          .select({ area: userProfiles.currentArea })
          .from(userProfiles)
          .where(eq(userProfiles.userId, actor!.userId));
        if (p?.area !== topic.area) refuse();
        break;
      }
      case 'user':
        if (!actor || actor.userId !== topic.id) refuse();
        break;
      case 'admin':
        if (!actor?.adminRole) refuse();
        break;
      case 'group':
        if (!(await isGroupMember(db, topic.id, actor, groupMemberToken))) refuse();
        break;
      default: {
        const never: never = topic;
        throw new Error(`unhandled topic ${JSON.stringify(never)}`);
      }
    }
  }
  return topics;
}
