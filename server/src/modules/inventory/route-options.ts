import type { InventoryContext } from './deps';
import type { ItemsService } from './items-service';

/** What each of the inventory routes is registered with: the app context and the module's one service. */
export interface InventoryRouteOptions {
  ctx: InventoryContext;
  service: ItemsService;
}
