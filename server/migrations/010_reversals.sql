-- Corrections by reversal (issue 12). Posted money is never edited or deleted: a sale (stock item or quick sale),
-- an expense or a client ledger entry is voided by a NEW row of the same table carrying the opposite amounts,
-- dated the day the void is made (the shop's calendar), pointing at the original through reversal_of.
--
-- * reversal_of is UNIQUE: an entry has at most one reversal, so two voids of one entry racing each other cannot
--   both commit (the second waits on the first's index entry, then fails with a unique violation, a 409).
-- * The original row is never updated: "voided" is derived by joining its reversal (reversal_of = original.id).
-- * void_reason, and voided_by_name (the username as it was when the void was made, kept when the user is
--   deleted, as created_by is set null), live on the reversal row; created_by / created_at say who and when.
-- * The foreign key is NO ACTION (checked at the end of the statement): deleting a shop cascades to an original
--   and its reversal in one statement, and nothing else deletes posted money.
-- * A reversal's amounts have the opposite sign of its original's, so the amount CHECKs of 005/006 (>= 0, > 0)
--   hold for originals only; client_ledger's (amount <> 0) holds for both already.
-- * A reversal is never itself reversed (the service answers 409): reversal_of never points at a reversal.

ALTER TABLE sales
  ADD COLUMN reversal_of bigint UNIQUE REFERENCES sales (id),
  ADD COLUMN void_reason text,
  ADD COLUMN voided_by_name varchar(150),
  DROP CONSTRAINT sales_amount_check,
  ADD CONSTRAINT sales_amount_check
    CHECK (CASE WHEN reversal_of IS NULL THEN amount >= 0 ELSE amount <= 0 END),
  ADD CONSTRAINT sales_void_reason_on_reversals CHECK ((reversal_of IS NULL) = (void_reason IS NULL));

ALTER TABLE expenses
  ADD COLUMN reversal_of bigint UNIQUE REFERENCES expenses (id),
  ADD COLUMN void_reason text,
  ADD COLUMN voided_by_name varchar(150),
  DROP CONSTRAINT expenses_amount_check,
  ADD CONSTRAINT expenses_amount_check
    CHECK (CASE WHEN reversal_of IS NULL THEN amount > 0 ELSE amount < 0 END),
  ADD CONSTRAINT expenses_void_reason_on_reversals CHECK ((reversal_of IS NULL) = (void_reason IS NULL));

ALTER TABLE client_ledger
  ADD COLUMN reversal_of bigint UNIQUE REFERENCES client_ledger (id),
  ADD COLUMN void_reason text,
  ADD COLUMN voided_by_name varchar(150),
  ADD CONSTRAINT client_ledger_void_reason_on_reversals CHECK ((reversal_of IS NULL) = (void_reason IS NULL));

-- finance_days (006) counts a reversal as minus one entry: its amount and cost are already negative, so the day
-- of the void nets them, and n (the number of sales or expenses) goes down by one. The original's day keeps its
-- figures: a report shows the sale in its period and the void in the period it was made, as a ledger does.
-- Only n changes from 006's functions: count(*) becomes the sum of each row's sign.
CREATE OR REPLACE FUNCTION finance_days_sales_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_days AS f (shop_id, day, kind, payment_method, n, amount_gbp, cost_gbp)
  SELECT shop_id, sale_date, CASE WHEN item_id IS NULL THEN 'quick' ELSE 'item' END, payment_method,
         sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END), sum(amount_gbp), sum(coalesce(cost_gbp, 0))
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, day, kind, payment_method) DO UPDATE
    SET n = f.n + EXCLUDED.n, amount_gbp = f.amount_gbp + EXCLUDED.amount_gbp,
        cost_gbp = f.cost_gbp + EXCLUDED.cost_gbp;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION finance_days_sales_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_days AS f (shop_id, day, kind, payment_method, n, amount_gbp, cost_gbp)
  SELECT shop_id, sale_date, CASE WHEN item_id IS NULL THEN 'quick' ELSE 'item' END, payment_method,
         -sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END), -sum(amount_gbp), -sum(coalesce(cost_gbp, 0))
    FROM old_rows WHERE EXISTS (SELECT 1 FROM shops WHERE shops.id = old_rows.shop_id)
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, day, kind, payment_method) DO UPDATE
    SET n = f.n + EXCLUDED.n, amount_gbp = f.amount_gbp + EXCLUDED.amount_gbp,
        cost_gbp = f.cost_gbp + EXCLUDED.cost_gbp;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION finance_days_sales_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_days AS f (shop_id, day, kind, payment_method, n, amount_gbp, cost_gbp)
  SELECT shop_id, day, kind, payment_method, sum(n), sum(amount_gbp), sum(cost_gbp) FROM (
    SELECT shop_id, sale_date AS day, CASE WHEN item_id IS NULL THEN 'quick' ELSE 'item' END AS kind,
           payment_method, CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END AS n, amount_gbp,
           coalesce(cost_gbp, 0) AS cost_gbp
      FROM new_rows
    UNION ALL
    SELECT shop_id, sale_date, CASE WHEN item_id IS NULL THEN 'quick' ELSE 'item' END,
           payment_method, CASE WHEN reversal_of IS NULL THEN -1 ELSE 1 END, -amount_gbp, -coalesce(cost_gbp, 0)
      FROM old_rows
  ) changes WHERE EXISTS (SELECT 1 FROM shops WHERE shops.id = changes.shop_id) GROUP BY 1, 2, 3, 4
  HAVING sum(n) <> 0 OR sum(amount_gbp) <> 0 OR sum(cost_gbp) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, day, kind, payment_method) DO UPDATE
    SET n = f.n + EXCLUDED.n, amount_gbp = f.amount_gbp + EXCLUDED.amount_gbp,
        cost_gbp = f.cost_gbp + EXCLUDED.cost_gbp;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION finance_days_expenses_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_days AS f (shop_id, day, kind, payment_method, n, amount_gbp, cost_gbp)
  SELECT shop_id, expense_date, 'expense', payment_method, sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END),
         sum(amount_gbp), 0
    FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, day, kind, payment_method) DO UPDATE
    SET n = f.n + EXCLUDED.n, amount_gbp = f.amount_gbp + EXCLUDED.amount_gbp;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION finance_days_expenses_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_days AS f (shop_id, day, kind, payment_method, n, amount_gbp, cost_gbp)
  SELECT shop_id, expense_date, 'expense', payment_method, -sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END),
         -sum(amount_gbp), 0
    FROM old_rows WHERE EXISTS (SELECT 1 FROM shops WHERE shops.id = old_rows.shop_id)
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, day, kind, payment_method) DO UPDATE
    SET n = f.n + EXCLUDED.n, amount_gbp = f.amount_gbp + EXCLUDED.amount_gbp;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION finance_days_expenses_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO finance_days AS f (shop_id, day, kind, payment_method, n, amount_gbp, cost_gbp)
  SELECT shop_id, day, 'expense', payment_method, sum(n), sum(amount_gbp), 0 FROM (
    SELECT shop_id, expense_date AS day, payment_method, CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END AS n,
           amount_gbp
      FROM new_rows
    UNION ALL
    SELECT shop_id, expense_date, payment_method, CASE WHEN reversal_of IS NULL THEN -1 ELSE 1 END, -amount_gbp
      FROM old_rows
  ) changes WHERE EXISTS (SELECT 1 FROM shops WHERE shops.id = changes.shop_id)
   GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(amount_gbp) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, day, kind, payment_method) DO UPDATE
    SET n = f.n + EXCLUDED.n, amount_gbp = f.amount_gbp + EXCLUDED.amount_gbp;
  RETURN NULL;
END
$$;

-- A sold item's standing sale (Item.sale): its sales that are not reversals, newest first.
CREATE INDEX sales_item_standing_idx ON sales (item_id, id DESC) WHERE item_id IS NOT NULL AND reversal_of IS NULL;
