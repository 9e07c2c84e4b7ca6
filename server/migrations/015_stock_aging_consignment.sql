-- Issue 14: aged stock, margin by brand and consignment-in.

-- ---------------------------------------------------------------- consignment-in
-- An item received on memo from a supplier (a client of the shop): not the shop's stock until it sells, so every
-- stock valuation leaves out items that have a row here. The item's purchase_price holds the agreed cost, which
-- is what its sale's cost_gbp becomes; the payable is posted to the supplier's ledger only when it sells
-- (payable_entry_id: the standing sale's posting, cleared when that sale is voided).
CREATE TABLE consignments (
  item_id integer PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  supplier_id integer NOT NULL REFERENCES clients (id) ON DELETE RESTRICT,
  agreed_cost numeric(14, 2) NOT NULL CHECK (agreed_cost >= 0),
  return_by date,
  supplier_ref varchar(100) NOT NULL DEFAULT '',
  received_on date NOT NULL,
  returned_at timestamptz,
  returned_by integer REFERENCES users (id) ON DELETE SET NULL,
  return_note text NOT NULL DEFAULT '',
  payable_entry_id bigint REFERENCES client_ledger (id) ON DELETE SET NULL
);
CREATE INDEX consignments_shop_idx ON consignments (shop_id, return_by) WHERE returned_at IS NULL;
CREATE INDEX consignments_supplier_idx ON consignments (supplier_id);

-- ---------------------------------------------------------------- margin by brand
-- The brand of a stock item's sale, as the item was when sold (a later edit of the item does not move past
-- sales between brands); a reversal takes its original's. Filled by the BEFORE trigger below when the insert
-- does not name it. NULL for quick sales.
ALTER TABLE sales ADD COLUMN brand varchar(60);

CREATE FUNCTION sales_brand_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.brand IS NULL AND NEW.item_id IS NOT NULL THEN
    IF NEW.reversal_of IS NOT NULL THEN
      SELECT brand INTO NEW.brand FROM sales WHERE id = NEW.reversal_of;
    END IF;
    IF NEW.brand IS NULL THEN
      SELECT brand INTO NEW.brand FROM items WHERE id = NEW.item_id;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER sales_brand_fill BEFORE INSERT ON sales FOR EACH ROW EXECUTE FUNCTION sales_brand_fill();

-- Sales made before this migration take their item's brand now (the finance_days update trigger sees only
-- unchanged amounts, which it skips).
UPDATE sales s SET brand = i.brand FROM items i WHERE s.item_id = i.id;

-- Item sales per shop, day and brand, kept in the same statement as every insert of sales (sales are never
-- updated or deleted but with their shop: corrections are reversals), as finance_days is (006, 010): a reversal
-- counts −1 with its negative amounts on the day of the void. The margin report over any range reads at most
-- days × brands of these rows, however many sales there are.
CREATE TABLE brand_days (
  shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  day date NOT NULL,
  brand varchar(60) NOT NULL,
  n integer NOT NULL,
  amount_gbp numeric NOT NULL,
  cost_gbp numeric NOT NULL,
  PRIMARY KEY (shop_id, day, brand)
);

-- One upsert per statement in key order (no deadlock between writers: see finance_days in 006).
CREATE FUNCTION brand_days_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO brand_days AS b (shop_id, day, brand, n, amount_gbp, cost_gbp)
  SELECT shop_id, sale_date, coalesce(brand, ''), sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END),
         sum(amount_gbp), sum(coalesce(cost_gbp, 0))
    FROM new_rows WHERE item_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (shop_id, day, brand) DO UPDATE
    SET n = b.n + EXCLUDED.n, amount_gbp = b.amount_gbp + EXCLUDED.amount_gbp,
        cost_gbp = b.cost_gbp + EXCLUDED.cost_gbp;
  RETURN NULL;
END
$$;
CREATE TRIGGER sales_brand_days_insert AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION brand_days_sales_inserted();

INSERT INTO brand_days (shop_id, day, brand, n, amount_gbp, cost_gbp)
SELECT shop_id, sale_date, coalesce(brand, ''), sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END),
       sum(amount_gbp), sum(coalesce(cost_gbp, 0))
  FROM sales WHERE item_id IS NOT NULL GROUP BY 1, 2, 3;
