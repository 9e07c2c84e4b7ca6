-- Issue 26, goal 2: the stock list's count of a brand within a type and statuses ("Inventory - Watches" with a
-- brand chosen). Migration 027 made it an index-only scan, but at 100,000 items it still walks every entry of the
-- brand: 14,342 for Omega, 1.7 ms of the page's ~2 ms statement on PostgreSQL, the slowest page of
-- scripts/bench-items.mjs on PostgreSQL at the end of round 12 (p50 6.5-7.0 ms).
--
-- The kept counts (005, per block since 044) now count each brand's items per type and status too, in a table of
-- their own (no blocks: a brand's page is not picked by them, docs/perf/ids-statement.md), kept by the same
-- statement triggers through the same upsert function: each statement's rows are netted per group and written in
-- key order, item_counts first, so writers lock the rows of both tables in one order and cannot deadlock.
CREATE TABLE item_brand_counts (
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  brand varchar(60) NOT NULL,
  stock_type varchar(16) NOT NULL,
  status varchar(16) NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (shop_id, brand, stock_type, status)
);
INSERT INTO item_brand_counts (shop_id, brand, stock_type, status, n)
  SELECT shop_id, brand, stock_type, status, count(*) FROM items GROUP BY 1, 2, 3, 4;

-- The delta type gains the brand; the upsert and the three trigger functions that build its rows follow it.
DROP FUNCTION item_counts_add(item_count_delta[]);
DROP TYPE item_count_delta;
CREATE TYPE item_count_delta AS (
  shop_id integer, stock_type varchar(16), status varchar(16), block integer, brand varchar(60), n integer
);
CREATE FUNCTION item_counts_add(deltas item_count_delta[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO item_counts AS c (shop_id, stock_type, status, block, n)
  SELECT shop_id, stock_type, status, block, sum(n) FROM unnest(deltas)
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, stock_type, status, block) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO item_brand_counts AS c (shop_id, brand, stock_type, status, n)
  SELECT shop_id, brand, stock_type, status, sum(n) FROM unnest(deltas)
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, brand, stock_type, status) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;
CREATE OR REPLACE FUNCTION item_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(
    SELECT (shop_id, stock_type, status, item_block(id), brand, 1)::item_count_delta FROM new_rows));
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION item_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(
    SELECT (shop_id, stock_type, status, item_block(id), brand, -1)::item_count_delta FROM old_rows));
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION item_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(
    SELECT (shop_id, stock_type, status, item_block(id), brand, 1)::item_count_delta FROM new_rows
    UNION ALL
    SELECT (shop_id, stock_type, status, item_block(id), brand, -1)::item_count_delta FROM old_rows));
  RETURN NULL;
END
$$;
