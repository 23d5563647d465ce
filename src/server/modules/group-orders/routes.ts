import type { FastifyInstance } from 'fastify';
import { groupOrdersEndpoints as E } from '../../../domain/contracts/group-orders/endpoints';
import { GROUP_MEMBER_HEADER } from '../../../domain/contracts/group-orders/group-orders';
import type { Actor } from '../../../domain/policies';
import { route } from '../../http/route';
import { rateLimited } from '../../plugins/rate-limit';
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

  route(app, E.invite, async (request) =>
    viewInvite(db, {
      linkToken: request.params.linkToken,
      actor: request.actor,
      memberToken: request.headers[GROUP_MEMBER_HEADER],
      now: new Date(),
    }),
  );

  route(app, E.join, async (request, reply) => {
    const result = await joinGroup(
      { db, bus },
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
