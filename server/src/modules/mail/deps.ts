import type { ModuleContext } from '../../kernel/context';

/**
 * The mail module needs no other module's repositories: it writes the outbox (its own MailRepository, on the
 * database it is given) and reads the shop's details and a client's address through their owners' published
 * reads (the documents module's readShopLetterhead, client_directory).
 */
export type MailContext = ModuleContext<object>;
