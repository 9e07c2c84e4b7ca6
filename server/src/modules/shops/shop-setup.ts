import type { Shop } from '@loupe/contracts';
import type { Db, Queryable } from '../../db/database';
import { textError } from '../../kernel/validation';
import { AuditRepository } from '../audit';
import { AccountValidationError, UsersRepository } from '../auth';
import type { ShopsRepos } from './deps';
import { MembershipsRepository } from './memberships-repository';

/** shops.name */
const NAME_MAX_LENGTH = 200;

export interface NewShop {
  name: string;
  /** The username of the platinum owner. */
  owner: string;
  /** IANA name; unset: Europe/London. */
  timeZone?: string;
}

export interface CreatedShop {
  shop: Shop;
  owner: { id: number; username: string };
  role: 'platinum';
}

/** A refused set-up, field by field (`name`, `owner`, `time_zone`), worded as the API words them. */
export class ShopSetupError extends AccountValidationError {
  override name = 'ShopSetupError';
}

/** The set-up's repositories on one connection: the database, or its transaction. */
function reposOn(db: Queryable): ShopsRepos {
  return {
    memberships: new MembershipsRepository(db),
    users: new UsersRepository(db),
    audit: new AuditRepository(db),
  };
}

function nameError(name: string): string | null {
  if (!name) return 'This field may not be blank.';
  const text = textError(name);
  if (text) return text;
  if (Array.from(name).length > NAME_MAX_LENGTH) {
    return `Ensure this field has no more than ${NAME_MAX_LENGTH} characters.`;
  }
  return null;
}

/** Browsers show the shop's days with Intl, the database computes them: the zone must mean the same to both. */
function isBrowserTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A real shop and its platinum owner (`npm run shop:create`): the shop, the owner's membership (seen: they
 * asked for it), the shop as where the owner starts when they had none, and the audit record, in one
 * transaction. Gold and silver members are then added by the owner from the management screens.
 */
export async function createShopWithOwner(db: Db, input: NewShop, now: Date): Promise<CreatedShop> {
  const name = input.name.trim();
  const username = input.owner.trim();
  const timeZone = input.timeZone?.trim();
  const repos = reposOn(db);

  const fields: Record<string, string[]> = {};
  const badName = nameError(name);
  if (badName) fields.name = [badName];
  const owner = username ? await repos.users.findByUsername(username) : null;
  if (!username) fields.owner = ['This field may not be blank.'];
  else if (!owner) fields.owner = [`No user has the username "${username}".`];
  else if (!owner.is_active) fields.owner = [`The user "${username}" is not active.`];
  if (
    timeZone !== undefined &&
    !(isBrowserTimeZone(timeZone) && (await repos.memberships.isKnownTimeZone(timeZone)))
  ) {
    fields.time_zone = [`"${timeZone}" is not a time zone name (IANA, such as Europe/London).`];
  }
  if (Object.keys(fields).length > 0 || !owner) throw new ShopSetupError(fields);

  return db.transaction(async (tx) => {
    const { memberships, users, audit } = reposOn(tx);
    const shop = await memberships.createShop(name, now, timeZone);
    await memberships.create(shop.id, owner.id, 'platinum', true, now, now);
    await users.setLastShopIfNone(owner.id, shop.id);
    const created: CreatedShop = {
      shop,
      owner: { id: owner.id, username: owner.username },
      role: 'platinum',
    };
    // Made from the command line: no user of the app did it.
    await audit.record({
      shopId: shop.id,
      userId: null,
      entity: 'shop',
      entityId: shop.id,
      action: 'create',
      after: created,
      at: now,
    });
    return created;
  });
}
