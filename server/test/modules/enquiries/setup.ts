import type { LightMyRequestResponse } from 'fastify';
import { enquiryFormHtml } from '../../../src/modules/enquiries';
import { testConfig } from '../../helper';
import { clientsTestbed } from '../clients/setup';

// Issue 24 item 2: a storefront with listed items (rows as the storefront module writes them, migration 038),
// and a visitor posting the enquiry form as a browser does: the page's form (its signed time trap), then a
// pause, then an application/x-www-form-urlencoded post with no cookie at all.

export const ENQUIRIES = '/api/enquiries/';
export const enquiry = (id: number) => `/api/enquiries/${id}/`;

export function enquiriesTestbed() {
  const testbed = clientsTestbed();
  const { state } = testbed;

  /** The shop's storefront at `slug` (open unless told), and Shop Settings with a name and an e-mail. */
  async function storefront(slug = 'hart', shopId = state.fx.shopId, enabled = true) {
    await state.db.query(
      `INSERT INTO storefronts (shop_id, slug, enabled, created_at, updated_at) VALUES ($1, $2, $3, now(), now())`,
      [shopId, slug, enabled],
    );
    await state.db.query(
      `INSERT INTO shop_settings (shop_id, trading_name, address, email) VALUES ($1, $2, '14 Hatton Garden', $3)
       ON CONFLICT (shop_id) DO NOTHING`,
      [shopId, slug === 'hart' ? 'Hart & Sons' : `Shop ${slug}`, `hello@${slug}.example`],
    );
  }

  /** A stock item of the shop, listed on its storefront; `status` other than available takes it off. */
  async function listedItem(
    o: { shopId?: number; status?: string; brand?: string; model?: string; listed?: boolean } = {},
  ): Promise<number> {
    const shopId = o.shopId ?? state.fx.shopId;
    const [item] = await state.db.query<{ id: number }>(
      `INSERT INTO items (shop_id, serial, stock_type, brand, model, reference_number, purchase_price, retail_price,
                          status, purchased_on, created_at, updated_at)
       VALUES ($1, $2, 'Watches', $3, $4, '126610LN', 6000, 9950, $5, '2026-01-10', now(), now()) RETURNING id`,
      [
        shopId,
        `SN-${Math.random().toString(36).slice(2, 10)}`,
        o.brand ?? 'Rolex',
        o.model ?? 'Submariner',
        o.status ?? 'available',
      ],
    );
    await state.db.query(
      `INSERT INTO storefront_listings (item_id, shop_id, listed, public_description, listed_at, updated_at)
       VALUES ($1, $2, $3, 'A fine watch.', now(), now())`,
      [item!.id, shopId, o.listed ?? true],
    );
    return item!.id;
  }

  /** The form as the item page draws it now (the testbed's clock), and its hidden time trap. */
  function servedForm(slug: string, itemId: number): { html: string; started: string } {
    const html = enquiryFormHtml({
      config: testConfig(state.tdb),
      slug,
      itemId,
      shopName: 'Hart & Sons',
      now: state.clock.now(),
    });
    return { html, started: /name="started" value="([^"]+)"/.exec(html)![1]! };
  }

  /**
   * A visitor posting the form: served now, sent `afterMs` later (5 s unless told), from `address`. `fields`
   * are added to (or replace) a complete, valid enquiry; null leaves a field out.
   */
  async function postEnquiry(
    slug: string,
    itemId: number,
    fields: Record<string, string | null> = {},
    o: { afterMs?: number; address?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const { started } = servedForm(slug, itemId);
    state.clock.advance(o.afterMs ?? 5_000);
    const all: Record<string, string | null> = {
      started,
      name: 'Ann Buyer',
      email: 'ann@example.com',
      phone: '',
      message: 'Is the bracelet full size?\nAnd are the papers dated?',
      consent: 'yes',
      website: '',
      ...fields,
    };
    const payload = new URLSearchParams(
      Object.entries(all).filter((e): e is [string, string] => e[1] !== null),
    ).toString();
    return state.app.inject({
      method: 'POST',
      url: `/store/${slug}/items/${itemId}/enquiry`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
      remoteAddress: o.address ?? '203.0.113.7',
    });
  }

  const enquiryRows = () =>
    state.db.query<{
      id: number;
      shop_id: number;
      item_id: number;
      on_offer: boolean;
      name: string;
      email: string;
      phone: string;
      message: string;
      status: string;
    }>(
      'SELECT id::int AS id, shop_id, item_id, on_offer, name, email, phone, message, status FROM enquiries ORDER BY id',
    );

  return { ...testbed, storefront, listedItem, servedForm, postEnquiry, enquiryRows };
}
