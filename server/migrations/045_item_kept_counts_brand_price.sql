-- Issue 26, goal 2: two counts of the stock list that walked every index entry they counted, at 100,000 items.
--
-- A brand within a type and statuses ("Inventory - Watches" with a brand chosen): migration 027 made it an
-- index-only scan, but it still read every entry of the brand (14,342 for Omega, 1.7 ms of the page's ~2 ms
-- statement on PostgreSQL), the slowest page of scripts/bench-items.mjs on PostgreSQL at the end of round 12.
--
-- A price range (alone, or with a type and statuses): the count read every entry of the range in the price index,
-- comparing numerics (3,752 for £1,000-£2,500: ~1 ms on PostgreSQL, ~2 ms on PGlite; "over £1,000", most of the
-- stock, ~26 ms), the slowest page left on both databases.
--
-- The kept counts (005, per block since 044) now count each brand's items per type and status, and each £100 of
-- purchase price's items per type and status, in tables of their own (no blocks: their pages are not picked by
-- them), kept by the same statement triggers through the same upsert function: each statement's rows netted per
-- group, written in key order, item_counts first, then the brands', then the prices', so writers lock the rows of
-- the three tables in one order and cannot deadlock. A price range counts its whole buckets here and the items
-- of the buckets it cuts through (at its two ends) in the price index (ItemsRepository, `priceCountsTotal`).
--
-- item_price_bucket and item_price_bucket_start say once how prices fall into buckets (bigint: numeric(14, 2)
-- prices reach 10^12, and a range's open end is taken as ±10^13).
CREATE FUNCTION item_price_bucket(price numeric) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN floor(price / 100)::bigint;
CREATE FUNCTION item_price_bucket_start(bucket bigint) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN bucket * 100;

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

-- The bucket first: a range of prices reads its buckets' rows in one range of the key.
CREATE TABLE item_price_counts (
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  bucket bigint NOT NULL,
  stock_type varchar(16) NOT NULL,
  status varchar(16) NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (shop_id, bucket, stock_type, status)
);
INSERT INTO item_price_counts (shop_id, bucket, stock_type, status, n)
  SELECT shop_id, item_price_bucket(purchase_price), stock_type, status, count(*) FROM items GROUP BY 1, 2, 3, 4;

-- The delta type gains the brand and the price's bucket; the upsert and the three trigger functions that build its
-- rows follow it.
DROP FUNCTION item_counts_add(item_count_delta[]);
DROP TYPE item_count_delta;
CREATE TYPE item_count_delta AS (
  shop_id integer, stock_type varchar(16), status varchar(16), block integer, brand varchar(60), price_bucket bigint,
  n integer
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
  INSERT INTO item_price_counts AS c (shop_id, bucket, stock_type, status, n)
  SELECT shop_id, price_bucket, stock_type, status, sum(n) FROM unnest(deltas)
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, bucket, stock_type, status) DO UPDATE SET n = c.n + EXCLUDED.n;
$$;
CREATE OR REPLACE FUNCTION item_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(
    SELECT (shop_id, stock_type, status, item_block(id), brand, item_price_bucket(purchase_price), 1)::item_count_delta
      FROM new_rows));
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION item_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(
    SELECT (shop_id, stock_type, status, item_block(id), brand, item_price_bucket(purchase_price), -1)::item_count_delta
      FROM old_rows));
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION item_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(
    SELECT (shop_id, stock_type, status, item_block(id), brand, item_price_bucket(purchase_price), 1)::item_count_delta
      FROM new_rows
    UNION ALL
    SELECT (shop_id, stock_type, status, item_block(id), brand, item_price_bucket(purchase_price), -1)::item_count_delta
      FROM old_rows));
  RETURN NULL;
END
$$;
