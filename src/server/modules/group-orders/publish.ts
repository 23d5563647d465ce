import { topicName } from '../../../domain/topics';
import type { GroupOrderStatus } from '../../../domain/group-order';
import type { LiveBus } from '../../platform/live-bus';

/** After a commit: everyone in the group hears that the basket changed, and refetches it. */
export function groupChanged(
  bus: LiveBus,
  group: { id: string; status: GroupOrderStatus; orderId?: string | null },
  what: 'lines' | 'members' | 'status' | 'link',
): Promise<void> {
  return bus.publish(topicName.group(group.id), 'group.changed', {
    groupId: group.id,
    status: group.status,
    what,
    ...(group.orderId ? { orderId: group.orderId } : {}),
  });
}
