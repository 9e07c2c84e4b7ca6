-- Issue 24 item 4: where a sale came from. Each deal records its channel — shop, phone, website (an enquiry from
-- the storefront), chrono24 or other (contracts/src/feeds.ts DEAL_CHANNELS, labels DEAL_CHANNEL_LABELS). Deals
-- made before this migration, an item's Sell and a quick sale were made in the shop, so the default is 'shop'.
-- The sales module writes it; the marketplace module reads it through deal_records (the Chrono24 7-day rule:
-- a sale of a watch in the Chrono24 feed made through any other channel is reported to Chrono24).
ALTER TABLE deals ADD COLUMN channel varchar(10) NOT NULL DEFAULT 'shop'
  CONSTRAINT deals_channel_check CHECK (channel IN ('shop', 'phone', 'website', 'chrono24', 'other'));

-- The published read, with the channel appended (a view's columns may be added at its end, never reordered).
CREATE OR REPLACE VIEW deal_records AS
  SELECT d.id, d.shop_id, d.status, d.origin, d.client_id, d.deal_date, d.channel FROM deals d;
