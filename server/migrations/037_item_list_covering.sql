-- Issue 26, goal 2: the stock list's deep pages at 100,000 items read the table row by row to skip what comes
-- before the page. The ids of a page are chosen on items alone (items-repository.ts), so two indexes that hold
-- what those reads filter and order by let PostgreSQL answer them from the index (an index-only scan wherever
-- the visibility map is set, as autovacuum keeps it):
-- - newest first (or oldest) within a type and several statuses, the stock screens' own query ("Inventory -
--   Watches": available, checked out, unavailable): the statuses cannot be read in id order from
--   items_shop_type_status_idx, so it walked items_pkey backwards and fetched every row to test its type and
--   status; page 1,000 was 23,256 rows fetched, ~22 ms. The type and status ride along in the shop's id index,
--   which this one replaces (same key, so it serves every read the old one did).
-- - by serial within a type: the serial index lacked the id that breaks ties, so each page re-sorted by id and
--   fetched every row before it (page 300 of jewellery: 7,501 rows, ~70 ms on a busy machine). With the id in
--   the key the index gives the whole order.
-- - a brand and model within a price range, by price (the worst page left after the two above): the count read
--   the brand and model's 3,333 rows from the table to test their price (4.8-7.5 ms) and the page walked the
--   shop's price index testing brand and model (0.4 ms); with the price after brand and model in one key both
--   are a range of the index: 0.3 ms and 0.02 ms. items_shop_brand_model_idx stays for brand and model newest
--   first (the list's default order).
CREATE INDEX items_shop_id_type_status_idx ON items (shop_id, id) INCLUDE (stock_type, status);
DROP INDEX items_shop_id_idx;
CREATE INDEX items_shop_type_serial_id_idx ON items (shop_id, stock_type, serial, id);
DROP INDEX items_shop_type_serial_idx;
CREATE INDEX items_shop_brand_model_price_idx ON items (shop_id, brand, model, purchase_price, id);
