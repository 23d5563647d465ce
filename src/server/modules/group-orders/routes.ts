import type { FastifyInstance } from 'fastify';
import { groupOrdersEndpoints as E } from '../../../domain/contracts/group-orders/endpoints';
import { GROUP_MEMBER_HEADER } from '../../../domain/contracts/group-orders/group-orders';
import type { Actor } from '../../../domain/policies';
import { route } from '../../http/route';
import { GROUP_JOIN_LIMITS, GROUP_ORDER_MESSAGES } from '../../../domain/group-order';
import { AppError } from '../../../domain/errors';
import { hit, rateLimited } from '../../plugins/rate-limit';
import { addLine, editLine, removeLine } from './basket-lines';
import { checkoutGroup } from './checkout-group';
import { loadGroupForMember } from './group-access';
import { buildGroupView } from './group-view';
import { cancelGroup, resetLink, setLocked } from './host-actions';
import { joinGroup, viewInvite } from './join-group';
import { startGroup } from './start-group';

/** Group orders (docs/product/group-orders.md): thin routes over the use cases. */
export function groupOrderRoutes(app: FastifyInstance): void {
  const { bus, geocoder, config, routes } = app.deps;
  const db = app.deps.database.db;
  // Checkout places an order: the same abuse limit as placing one.
  const placing = rateLimited(db, 'orders', config.rateLimits.orders, config.rateLimits.windowSeconds);

  route(app, E.start, async (request, reply) => {
    const result = await startGroup({ db }, { actor: request.actor!, siteId: request.body.siteId, now: new Date() });
    reply.status(201);
    return result;
  });

  // Opening a link and joining count per client address, so links cannot be found by trying
  // (docs/decisions/0270-group-order-expiry-and-join-limits.md); joins also count per group (below).
  const { perAddress, windowSeconds } = GROUP_JOIN_LIMITS;
  const linkTries = async (request: { ip: string }, reply: { header(k: string, v: string): unknown }) => {
    const tried = await hit(db, `halalnosh:group-link:ip:${request.ip}`, perAddress, windowSeconds);
    if (tried.allowed) return;
    reply.header('retry-after', String(tried.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', GROUP_ORDER_MESSAGES.tooManyTriesFromHere);
  };

  route(app, E.invite, { onRequest: linkTries }, async (request) =>
    viewInvite(db, {
      linkToken: request.params.linkToken,
      actor: request.actor,
      memberToken: request.headers[GROUP_MEMBER_HEADER],
      now: new Date(),
    }),
  );

  route(app, E.join, { onRequest: linkTries }, async (request, reply) => {
    const result = await joinGroup(
      {
        db,
        bus,
        joinLimit: async (groupId) => {
          const tried = await hit(
            db,
            `halalnosh:group-join:group:${groupId}`,
            GROUP_JOIN_LIMITS.perGroup,
            windowSeconds,
          );
          if (!tried.allowed) reply.header('retry-after', String(tried.retryAfterSeconds));
          return tried.allowed;
        },
      },
      {
        linkToken: request.params.linkToken,
        actor: request.actor,
        memberToken: request.headers[GROUP_MEMBER_HEADER],
        name: request.body.name,
        now: new Date(),
      },
    );
    reply.status(result.created ? 201 : 200);
    return { group: result.group, ...(result.memberToken ? { memberToken: result.memberToken } : {}) };
  });

  const caller = (request: {
    params: { groupId: string };
    actor: Actor | null;
    headers: { [GROUP_MEMBER_HEADER]?: string };
  }) => ({
    groupId: request.params.groupId,
    actor: request.actor,
    memberToken: request.headers[GROUP_MEMBER_HEADER],
    now: new Date(),
  });

  route(app, E.view, async (request) => {
    const { group, member } = await loadGroupForMember(db, caller(request));
    return { group: await buildGroupView(db, group, member) };
  });

  route(app, E.addLine, async (request, reply) => {
    const group = await addLine({ db, bus }, caller(request), request.body);
    reply.status(201);
    return { group };
  });

  route(app, E.editLine, async (request) => ({
    group: await editLine({ db, bus }, { ...caller(request), lineId: request.params.lineId }, request.body),
  }));

  route(app, E.removeLine, async (request) => ({
    group: await removeLine({ db, bus }, { ...caller(request), lineId: request.params.lineId }),
  }));

  route(app, E.lock, async (request) => ({
    group: await setLocked({ db, bus }, caller(request), request.body.locked),
  }));

  route(app, E.cancel, async (request) => ({
    group: await cancelGroup({ db, bus }, caller(request)),
  }));

  route(app, E.resetLink, async (request) => resetLink({ db, bus }, caller(request)));

  route(app, E.checkout, { onRequest: placing }, async (request, reply) => {
    const result = await checkoutGroup(
      { db, bus, geocoder, config, routes },
      { ...caller(request), body: request.body },
    );
    reply.status(result.created ? 201 : 200);
    return { group: result.group, order: result.order };
  });
}
