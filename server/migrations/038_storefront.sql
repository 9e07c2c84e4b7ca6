-- The storefront (issue 24 item 1): a shop's public catalogue of the items it chooses to list. The storefront
-- module owns storefronts and storefront_listings (modules/storefront/storefront-repository.ts writes them) and
-- publishes storefront_shops and storefront_offers (views below) for the feeds, the enquiries and the app.

-- ---------------------------------------------------------------- inventory's published reads, extended
-- stock_items (migrations 017, 021) with the promotion and the row's last change appended (a view's columns may
-- be added at its end, never reordered): the storefront shows the promotion price and puts promoted items first.
CREATE OR REPLACE VIEW stock_items AS
  SELECT i.id, i.shop_id, i.serial, i.stock_type, i.brand, i.model, i.description, i.purchase_price,
         i.retail_price, i.status, i.purchased_on, i.vat_scheme, i.location,
         i.stock_number, i.reference_number, i.year, i.box, i.papers, i.case_material, i.case_diameter_mm,
         i.dial, i.movement, i.condition_grade, i.metal, i.fineness, i.weight_grams, i.hallmark, i.stones,
         i.promoted_at, i.promotion_price, i.updated_at
    FROM items i;

-- An item's photos, in display order (by id: the order they were added). The rows are never changed, only
-- added and deleted, so the storage key is the photo's version.
CREATE VIEW stock_item_images AS
  SELECT im.id, im.shop_id, im.item_id, im.storage_key, im.content_type, im.size_bytes, im.created_at
    FROM item_images im;

-- ---------------------------------------------------------------- storefronts
-- One per shop that has one: its address (/store/{slug}/) and whether it is open to the public.
CREATE TABLE storefronts (
  shop_id integer PRIMARY KEY REFERENCES shops (id) ON DELETE CASCADE,
  slug varchar(40) NOT NULL CHECK (slug ~ '^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$'),
  enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT storefronts_slug_key UNIQUE (slug)
);

-- One per stock item the shop has ever put online: the switch and what the public sees beyond the stock record.
-- listed_at is when the item was last switched on (the listing's "newest" order).
CREATE TABLE storefront_listings (
  item_id integer PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  listed boolean NOT NULL DEFAULT false,
  public_description text NOT NULL DEFAULT '' CHECK (length(public_description) <= 5000),
  bracelet_material varchar(60) NOT NULL DEFAULT '',
  -- Working days from payment to dispatch (Chrono24's handling time).
  handling_days smallint NOT NULL DEFAULT 3 CHECK (handling_days BETWEEN 1 AND 60),
  price_on_request boolean NOT NULL DEFAULT false,
  listed_at timestamptz,
  updated_at timestamptz NOT NULL,
  CONSTRAINT storefront_listings_listed_at CHECK (NOT listed OR listed_at IS NOT NULL)
);
-- The public listing's order (newest listed first), read backwards from the top and stopped after a page.
CREATE INDEX storefront_listings_shop_listed_idx
  ON storefront_listings (shop_id, listed_at DESC, item_id DESC) WHERE listed;

-- ---------------------------------------------------------------- published views
CREATE VIEW storefront_shops AS
  SELECT s.shop_id, s.slug, s.enabled FROM storefronts s;

-- One row per item on the storefront RIGHT NOW: listed, available (not sold, reserved, checked out or
-- unavailable) and not in an open workshop job (a job on the stock item that is neither collected nor returned
-- unrepaired). Read live on every page, feed and photo: nothing is copied, so a sale removes the row in the
-- sale's own transaction. price is what the public is asked: the promotion price while promoted, else the
-- retail price (GBP).
CREATE VIEW storefront_offers AS
  SELECT l.shop_id, l.item_id, i.serial, i.stock_number, i.stock_type, i.brand, i.model, i.reference_number,
         i.year, i.box, i.papers, i.case_material, i.case_diameter_mm, i.dial, i.movement, i.condition_grade,
         i.metal, i.fineness, i.weight_grams, i.hallmark, i.stones, l.public_description, l.bracelet_material,
         l.handling_days, l.price_on_request,
         CASE WHEN i.promoted_at IS NOT NULL AND i.promotion_price IS NOT NULL THEN i.promotion_price
              ELSE i.retail_price END AS price,
         i.promoted_at, l.listed_at, greatest(l.updated_at, i.updated_at) AS updated_at,
         ARRAY(SELECT im.id FROM stock_item_images im WHERE im.item_id = l.item_id ORDER BY im.id) AS image_ids
    FROM storefront_listings l
    JOIN stock_items i ON i.id = l.item_id AND i.shop_id = l.shop_id
   WHERE l.listed
     AND i.status = 'available'
     AND NOT EXISTS (SELECT 1 FROM workshop_jobs j
                      WHERE j.item_id = l.item_id AND j.stage NOT IN ('collected', 'returned_unrepaired'));
