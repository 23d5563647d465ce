import type { FastifyInstance } from 'fastify';
import { accountEndpoints } from '../../../domain/contracts/account/endpoints';
import { adminEndpoints } from '../../../domain/contracts/admin/endpoints';
import { driverEndpoints } from '../../../domain/contracts/driver/endpoints';
import { partnerEndpoints } from '../../../domain/contracts/partner/endpoints';
import { DRIVER_NOTIFICATION_EVENTS, PARTNER_NOTIFICATION_EVENTS } from '../../../domain/notifications';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { listOutbox, retryOutboxRow } from './admin-outbox';
import { getPreferenceGrid, savePreferenceGrid } from './preferences';
import { unsubscribe } from './unsubscribe';

/** The notification settings of drivers and partners, the unsubscribe link, the back office's outbox page. */
export function notificationRoutes(app: FastifyInstance, deps: { db: Db; authSecret: string }): void {
  route(app, accountEndpoints.postUnsubscribe, async (request) =>
    unsubscribe(deps.db, deps.authSecret, request.body.token),
  );
  route(app, driverEndpoints.getDriverNotifications, async (request) => ({
    settings: await getPreferenceGrid(deps.db, request.actor!.userId, DRIVER_NOTIFICATION_EVENTS),
  }));
  route(app, driverEndpoints.putDriverNotifications, async (request) => ({
    settings: await savePreferenceGrid(
      deps.db,
      request.actor!.userId,
      DRIVER_NOTIFICATION_EVENTS,
      request.body.settings,
    ),
  }));
  route(app, partnerEndpoints.getPartnerNotifications, async (request) => ({
    settings: await getPreferenceGrid(deps.db, request.actor!.userId, PARTNER_NOTIFICATION_EVENTS),
  }));
  route(app, partnerEndpoints.putPartnerNotifications, async (request) => ({
    settings: await savePreferenceGrid(
      deps.db,
      request.actor!.userId,
      PARTNER_NOTIFICATION_EVENTS,
      request.body.settings,
    ),
  }));
  route(app, adminEndpoints.getAdminNotifications, async (request) => listOutbox(deps.db, request.query.status));
  route(app, adminEndpoints.postAdminNotificationRetry, async (request) =>
    retryOutboxRow(deps.db, request.params.id, { userId: request.actor!.userId, name: request.actor!.name }),
  );
}
