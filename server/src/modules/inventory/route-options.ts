import type { AppContext } from '../../context';
import type { ItemsService } from './items-service';

/** What each of the inventory routes is registered with: the app context and the module's one service. */
export interface InventoryRouteOptions {
  ctx: AppContext;
  service: ItemsService;
}
