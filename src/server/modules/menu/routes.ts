import { menuEndpoints } from '../../../domain/contracts/menu/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import { addQuickSections } from './add-quick-sections';
import { createItem } from './create-item';
import { createMenu } from './create-menu';
import { createSection } from './create-section';
import { deleteItem } from './delete-item';
import { deleteSection } from './delete-section';
import { getSiteMenu } from './get-site-menu';
import { renameSection } from './rename-section';
import { reorderItems, reorderSections } from './reorder';
import { setItemOptions } from './set-item-options';
import { setOverride } from './set-override';
import { updateItem } from './update-item';

/**
 * The Menu Manager's routes: one base menu per brand, edited by its owner and admins; read by
 * every staff member of a location, with that location's overrides.
 */
export function menuRoutes(app: FastifyInstance): void {
  const db = app.deps.database.db;
  const { bus } = app.deps;
  const ok = { ok: true as const };

  route(app, menuEndpoints.getPartnerSitesBySiteIdMenu, async (request) =>
    getSiteMenu(db, request.actor!.userId, request.params.siteId),
  );

  route(app, menuEndpoints.postPartnerSitesBySiteIdMenu, async (request, reply) => {
    const { created, view } = await createMenu(db, request.actor!.userId, request.params.siteId);
    return reply.status(created ? 201 : 200).send(view);
  });

  route(app, menuEndpoints.postPartnerMenusByMenuIdSections, async (request, reply) =>
    reply
      .status(201)
      .send({ section: await createSection(db, request.actor!.userId, request.params.menuId, request.body) }),
  );

  route(app, menuEndpoints.postPartnerMenusByMenuIdQuickSections, async (request, reply) =>
    reply.status(201).send({ sections: await addQuickSections(db, request.actor!.userId, request.params.menuId) }),
  );

  route(app, menuEndpoints.putPartnerMenusByMenuIdSectionOrder, async (request) => {
    await reorderSections(db, request.actor!.userId, request.params.menuId, request.body.sectionIds);
    return ok;
  });

  route(app, menuEndpoints.patchPartnerSectionsBySectionId, async (request) => {
    await renameSection(db, request.actor!.userId, request.params.sectionId, request.body.title);
    return ok;
  });

  route(app, menuEndpoints.deletePartnerSectionsBySectionId, async (request) => {
    await deleteSection(db, request.actor!.userId, request.params.sectionId);
    return ok;
  });

  route(app, menuEndpoints.putPartnerSectionsBySectionIdItemOrder, async (request) => {
    await reorderItems(db, request.actor!.userId, request.params.sectionId, request.body.itemIds);
    return ok;
  });

  route(app, menuEndpoints.postPartnerSectionsBySectionIdItems, async (request, reply) =>
    reply
      .status(201)
      .send({ item: await createItem(db, request.actor!.userId, request.params.sectionId, request.body) }),
  );

  route(app, menuEndpoints.patchPartnerItemsByItemId, async (request) => ({
    item: await updateItem(db, request.actor!, request.params.itemId, request.body),
  }));

  route(app, menuEndpoints.putPartnerItemsByItemIdOptions, async (request) => ({
    item: await setItemOptions(db, request.actor!, request.params.itemId, request.body),
  }));

  route(app, menuEndpoints.deletePartnerItemsByItemId, async (request) => {
    await deleteItem(db, request.actor!.userId, request.params.itemId);
    return ok;
  });

  route(app, menuEndpoints.putPartnerSitesBySiteIdItemsByItemIdOverride, async (request) => ({
    item: await setOverride({ db, bus }, request.actor!, request.params.siteId, request.params.itemId, request.body),
  }));
}
