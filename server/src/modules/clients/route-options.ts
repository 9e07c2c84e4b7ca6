import type { ClientsContext } from './deps';
import type { ClientsService } from './clients-service';

/** What each of the clients routes is registered with: the app context and the module's one service. */
export interface ClientsRouteOptions {
  ctx: ClientsContext;
  service: ClientsService;
}
