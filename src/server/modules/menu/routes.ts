import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createItemBody, itemResponse, updateItemBody } from '../../../domain/contracts/menu/items';
import {
  itemParams,
  menuParams,
  menuSiteParams,
  sectionParams,
  siteItemParams,
  siteMenuResponse,
} from '../../../domain/contracts/menu/menu';
import { overrideBody, overrideResponse } from '../../../domain/contracts/menu/overrides';
import {
  createSectionBody,
  itemOrderBody,
  okResponse,
  quickSectionsResponse,
  sectionOrderBody,
  sectionResponse,
  updateSectionBody,
} from '../../../domain/contracts/menu/sections';
import { POLICIES } from '../../../domain/policies';
import { addQuickSections } from './add-quick-sections';
import { createItem } from './create-item';
import { createMenu } from './create-menu';
import { createSection } from './create-section';
import { deleteItem } from './delete-item';
import { deleteSection } from './delete-section';
import { getSiteMenu } from './get-site-menu';
import { renameSection } from './rename-section';
import { reorderItems, reorderSections } from './reorder';
import { setOverride } from './set-override';
import { updateItem } from './update-item';

/**
 * The Menu Manager's routes: one base menu per brand, edited by its owner and admins; read by
 * every staff member of a location, with that location's overrides.
 */
export function menuRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;
  const { bus } = app.deps;
  const partner = { policy: POLICIES.partner };
  const ok = { ok: true as const };

  r.get(
    '/api/partner/sites/:siteId/menu',
    { config: partner, schema: { params: menuSiteParams, response: { 200: siteMenuResponse } } },
    async (request) => getSiteMenu(db, request.actor!.userId, request.params.siteId),
  );

  r.post(
    '/api/partner/sites/:siteId/menu',
    { config: partner, schema: { params: menuSiteParams, response: { 200: siteMenuResponse, 201: siteMenuResponse } } },
    async (request, reply) => {
      const { created, view } = await createMenu(db, request.actor!.userId, request.params.siteId);
      return reply.status(created ? 201 : 200).send(view);
    },
  );

  r.post(
    '/api/partner/menus/:menuId/sections',
    { config: partner, schema: { params: menuParams, body: createSectionBody, response: { 201: sectionResponse } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ section: await createSection(db, request.actor!.userId, request.params.menuId, request.body) }),
  );

  r.post(
    '/api/partner/menus/:menuId/quick-sections',
    { config: partner, schema: { params: menuParams, response: { 201: quickSectionsResponse } } },
    async (request, reply) =>
      reply.status(201).send({ sections: await addQuickSections(db, request.actor!.userId, request.params.menuId) }),
  );

  r.put(
    '/api/partner/menus/:menuId/section-order',
    { config: partner, schema: { params: menuParams, body: sectionOrderBody, response: { 200: okResponse } } },
    async (request) => {
      await reorderSections(db, request.actor!.userId, request.params.menuId, request.body.sectionIds);
      return ok;
    },
  );

  r.patch(
    '/api/partner/sections/:sectionId',
    { config: partner, schema: { params: sectionParams, body: updateSectionBody, response: { 200: okResponse } } },
    async (request) => {
      await renameSection(db, request.actor!.userId, request.params.sectionId, request.body.title);
      return ok;
    },
  );

  r.delete(
    '/api/partner/sections/:sectionId',
    { config: partner, schema: { params: sectionParams, response: { 200: okResponse } } },
    async (request) => {
      await deleteSection(db, request.actor!.userId, request.params.sectionId);
      return ok;
    },
  );

  r.put(
    '/api/partner/sections/:sectionId/item-order',
    { config: partner, schema: { params: sectionParams, body: itemOrderBody, response: { 200: okResponse } } },
    async (request) => {
      await reorderItems(db, request.actor!.userId, request.params.sectionId, request.body.itemIds);
      return ok;
    },
  );

  r.post(
    '/api/partner/sections/:sectionId/items',
    { config: partner, schema: { params: sectionParams, body: createItemBody, response: { 201: itemResponse } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ item: await createItem(db, request.actor!.userId, request.params.sectionId, request.body) }),
  );

  r.patch(
    '/api/partner/items/:itemId',
    { config: partner, schema: { params: itemParams, body: updateItemBody, response: { 200: itemResponse } } },
    async (request) => ({ item: await updateItem(db, request.actor!, request.params.itemId, request.body) }),
  );

  r.delete(
    '/api/partner/items/:itemId',
    { config: partner, schema: { params: itemParams, response: { 200: okResponse } } },
    async (request) => {
      await deleteItem(db, request.actor!.userId, request.params.itemId);
      return ok;
    },
  );

  r.put(
    '/api/partner/sites/:siteId/items/:itemId/override',
    { config: partner, schema: { params: siteItemParams, body: overrideBody, response: { 200: overrideResponse } } },
    async (request) => ({
      item: await setOverride({ db, bus }, request.actor!, request.params.siteId, request.params.itemId, request.body),
    }),
  );
}
