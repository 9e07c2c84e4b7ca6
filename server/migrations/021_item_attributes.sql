-- Stock numbers and item attributes (issue 22, items 1 and 3).

-- ---------------------------------------------------------------- stock numbers
-- HMRC VAT Notice 718 §"keeping records" (the stock book): every item bought has a stock number, in sequence.
-- One counter row per shop (owned by the inventory module, like items). The number is taken by a trigger in the
-- transaction that inserts the item, however the item is created (Add Item, a buy-in, a part-exchange): the
-- upsert below takes the counter row's lock, held until that transaction ends, so concurrent creates queue on
-- it and each gets the next number; a create that rolls back rolls its increment back too — no gap, no repeat.
CREATE TABLE stock_number_counters (
  shop_id integer PRIMARY KEY REFERENCES shops (id) ON DELETE CASCADE,
  last_number integer NOT NULL CHECK (last_number >= 0)
);

ALTER TABLE items ADD COLUMN stock_number integer;

-- Items already in stock are numbered per shop in the order they were added (id order). The version trigger
-- is off meanwhile: numbering the rows is not an edit anyone made (an open edit form stays current).
ALTER TABLE items DISABLE TRIGGER items_versioned;
UPDATE items i SET stock_number = n.number
  FROM (SELECT id, row_number() OVER (PARTITION BY shop_id ORDER BY id)::int AS number FROM items) n
 WHERE n.id = i.id;
ALTER TABLE items ENABLE TRIGGER items_versioned;

INSERT INTO stock_number_counters (shop_id, last_number)
  SELECT shop_id, max(stock_number) FROM items GROUP BY shop_id;

ALTER TABLE items ALTER COLUMN stock_number SET NOT NULL;
ALTER TABLE items ADD CONSTRAINT items_stock_number_positive CHECK (stock_number > 0);
-- Unique per shop; also the index that finds an item by its stock number (search, scan).
ALTER TABLE items ADD CONSTRAINT items_shop_stock_number_key UNIQUE (shop_id, stock_number);

-- The next number of the item's shop. A number given explicitly (a restore) is kept and raises the counter, so
-- the next one taken follows it.
CREATE FUNCTION items_stock_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_number_counters AS c (shop_id, last_number)
  VALUES (NEW.shop_id, coalesce(NEW.stock_number, 1))
  ON CONFLICT (shop_id) DO UPDATE
    SET last_number = CASE WHEN NEW.stock_number IS NULL THEN c.last_number + 1
                           ELSE greatest(c.last_number, NEW.stock_number) END
  RETURNING CASE WHEN NEW.stock_number IS NULL THEN last_number ELSE NEW.stock_number END
    INTO NEW.stock_number;
  RETURN NEW;
END
$$;
CREATE TRIGGER items_stock_numbered BEFORE INSERT ON items
  FOR EACH ROW EXECUTE FUNCTION items_stock_number();

-- A stock number never changes once given.
CREATE FUNCTION items_stock_number_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stock_number IS DISTINCT FROM OLD.stock_number THEN
    RAISE EXCEPTION 'an item''s stock number cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER items_stock_number_kept BEFORE UPDATE OF stock_number ON items
  FOR EACH ROW EXECUTE FUNCTION items_stock_number_fixed();

-- ---------------------------------------------------------------- attributes
-- What dealers and marketplaces describe a piece by. All optional: '' or null when not recorded. The fixed
-- scales (movement, condition grade, metal) are written once in contracts/src/item-attributes.ts.
-- Watches:
ALTER TABLE items ADD COLUMN reference_number varchar(40) NOT NULL DEFAULT '';
ALTER TABLE items ADD COLUMN year smallint CHECK (year BETWEEN 1800 AND 2200);
ALTER TABLE items ADD COLUMN box boolean;
ALTER TABLE items ADD COLUMN papers boolean;
ALTER TABLE items ADD COLUMN case_material varchar(60) NOT NULL DEFAULT '';
ALTER TABLE items ADD COLUMN case_diameter_mm numeric(5, 2) CHECK (case_diameter_mm > 0);
ALTER TABLE items ADD COLUMN dial varchar(60) NOT NULL DEFAULT '';
ALTER TABLE items ADD COLUMN movement varchar(10) CHECK (movement IN ('automatic', 'manual', 'quartz'));
ALTER TABLE items ADD COLUMN condition_grade varchar(10)
  CHECK (condition_grade IN ('unworn', 'excellent', 'very_good', 'good', 'fair'));
-- Jewellery:
ALTER TABLE items ADD COLUMN metal varchar(20) NOT NULL DEFAULT '';
ALTER TABLE items ADD COLUMN fineness smallint CHECK (fineness BETWEEN 1 AND 999);
ALTER TABLE items ADD COLUMN weight_grams numeric(8, 2) CHECK (weight_grams > 0);
ALTER TABLE items ADD COLUMN hallmark varchar(100) NOT NULL DEFAULT '';
ALTER TABLE items ADD COLUMN stones text NOT NULL DEFAULT '';

-- The list filters on them. As the indexes of migration 005, each ends in id, so a filtered page (newest first)
-- is an index range read backwards and stopped after one page instead of a scan of the shop's stock:
-- condition grade and metal are equality filters; box and papers are one filter ("box and papers", "box only"…),
-- so one index on both. The reference filter is "contains", which no B-tree serves (a trigram index would, but
-- PGlite ships without pg_trgm): it reads the shop's rows newest first by items_shop_id_idx and stops once a
-- page is found, so it costs what the shop's stock costs, not the whole table.
CREATE INDEX items_shop_condition_idx ON items (shop_id, condition_grade, id) WHERE condition_grade IS NOT NULL;
CREATE INDEX items_shop_metal_idx ON items (shop_id, metal, id) WHERE metal <> '';
CREATE INDEX items_shop_box_papers_idx ON items (shop_id, box, papers, id);

-- ---------------------------------------------------------------- published view
-- stock_items (migration 017) with the stock number and the attributes appended (a view's columns may be
-- added at its end, never reordered).
CREATE OR REPLACE VIEW stock_items AS
  SELECT i.id, i.shop_id, i.serial, i.stock_type, i.brand, i.model, i.description, i.purchase_price,
         i.retail_price, i.status, i.purchased_on, i.vat_scheme, i.location,
         i.stock_number, i.reference_number, i.year, i.box, i.papers, i.case_material, i.case_diameter_mm,
         i.dial, i.movement, i.condition_grade, i.metal, i.fineness, i.weight_grams, i.hallmark, i.stones
    FROM items i;
