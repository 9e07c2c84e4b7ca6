import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { InventoryContext } from './deps';
import { ItemsService } from './items-service';
import type { InventoryRouteOptions } from './route-options';
import actionRoutes from './routes/actions';
import imageRoutes from './routes/images';
import itemRoutes from './routes/items';
import labelRoutes from './routes/labels';
import consignmentRoutes from './routes/consignment';
import { hearItemChanges, type ItemChangeHearing } from './item-changes';

/** The inventory endpoints (service paths under /api/items/): stock, its actions and its images. */
const inventoryRoutes: FastifyPluginAsyncTypebox<{ ctx: InventoryContext }> = async (fastify, { ctx }) => {
  const options: InventoryRouteOptions = { ctx, service: new ItemsService(ctx) };
  await fastify.register(itemRoutes, options);
  await fastify.register(actionRoutes, options);
  await fastify.register(consignmentRoutes, options);
  await fastify.register(labelRoutes, options);
  // Its own context: the multipart parser it registers stays out of the JSON routes.
  await fastify.register(imageRoutes, options);
  // Committed item changes, heard by this process and told to onItemChanged's listeners (item-changes.ts).
  let hearing: ItemChangeHearing | null = null;
  const hear = async () => {
    hearing = await hearItemChanges({ db: ctx.db, config: ctx.config, now: ctx.now }, fastify.log);
  };
  const stop = async () => {
    const heard = hearing;
    hearing = null;
    await heard?.stop();
  };
  let ready = false;
  fastify.addHook('onReady', async () => {
    ready = true;
    await hear();
  });
  fastify.addHook('onClose', stop);
  // Between two databases (kernel/in-memory-state.ts): changes heard on the old one are all told, none after.
  ctx.memory.register('item changes heard', {
    forget: stop,
    // Before the app's first request, onReady starts it.
    resume: async () => {
      if (ready && !hearing) await hear();
    },
  });
};

export default inventoryRoutes;

export { daysBetween, notConsigned, type ItemsRepository } from './items-repository';
export { auditView, linesWriteRefusal, SERIAL_TAKEN } from './common';
export { postConsignmentPayable, reverseConsignmentPayable } from './consignment-service';
export { standingSale } from './item-sales-repository';
/** Items created and price changes, told after commit (issue 24 item 5): push a listener to onItemChanged. */
export {
  onItemChanged,
  type ItemChange,
  type ItemChangeContext,
  type ItemChangeListener,
  type ItemChangeReason,
} from './item-changes';
/** Items created inside another module's transaction (a buy-in), each with the next stock number. */
export { createStockItems, type NewStockItem } from './stock-items';
export type { AttributeChanges } from './items-repository';
export { parseItemFields } from './item-input';
/** The shop's catalogue (issue 22): items checked against it, and following its renames and merges. */
export { checkItemCatalogue, repointItemBrandModel } from './catalogue-items';
export type { CheckoutsRepository } from './checkouts-repository';
export type {
  ConsignmentPayableRepos,
  InventoryContext,
  InventoryRepos,
  ItemFormPurchase,
  ItemFormPurchases,
} from './deps';
