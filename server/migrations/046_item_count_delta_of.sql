-- How an item falls into the kept counts' groups, said once.
--
-- 045's three trigger functions each wrote the item's groups (its shop, type, status, block of ids, brand and
-- bucket of price) into the delta they pass to item_counts_add: four times, for one mapping (044 wrote it three
-- times, with fewer groups). A kept count added later would have had to change all four alike, and a trigger that
-- missed one would have let the counts drift. item_count_delta_of names an item's groups from its row, and each
-- trigger passes the rows of its statement through it. (The migrations that count the existing items, 005, 044,
-- 045, group them in SQL of their own; they ran once and are not changed.)
CREATE FUNCTION item_count_delta_of(item items, n integer) RETURNS item_count_delta LANGUAGE sql IMMUTABLE
  RETURN (item.shop_id, item.stock_type, item.status, item_block(item.id), item.brand,
          item_price_bucket(item.purchase_price), n)::item_count_delta;

CREATE OR REPLACE FUNCTION item_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(SELECT item_count_delta_of(r, 1) FROM new_rows r));
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION item_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(SELECT item_count_delta_of(r, -1) FROM old_rows r));
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION item_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM item_counts_add(ARRAY(
    SELECT item_count_delta_of(r, 1) FROM new_rows r
    UNION ALL
    SELECT item_count_delta_of(r, -1) FROM old_rows r));
  RETURN NULL;
END
$$;
