-- The item form's purchase transactions as the simple case of a buy-in (issue 22, item 1). An item added on the
-- Add Inventory Item form with purchase transactions (SPEC §3: cash, credit, debt) is recorded as a one-line
-- purchase document too, in the same transaction: the next PUR- number, the stock book's purchase side, the
-- purchase invoice the seller signs, the payments out (one per transaction) and the AML guard over the cash.
-- Owned by the purchases module, like migration 022; the inventory module asks for it through its
-- ItemFormPurchases port (inventory/deps.ts) and never writes these tables.

-- Where the purchase was entered: 'buy_in' (Buy In, due diligence enforced) or 'item_form' (Add Inventory Item).
-- The specification's form names a client only on credit and debt lines, so a purchase paid in cash on it may
-- have no seller on file: its seller is then blank on the document (to be written in by hand before signing),
-- the stock book shows the gap, and the due diligence it lacks is listed as outstanding (purchases-service.ts).
ALTER TABLE purchases ALTER COLUMN seller_client_id DROP NOT NULL;
ALTER TABLE purchases
  ADD COLUMN source varchar(10) NOT NULL DEFAULT 'buy_in' CHECK (source IN ('buy_in', 'item_form')),
  ADD CONSTRAINT purchases_seller_required CHECK (source = 'item_form' OR seller_client_id IS NOT NULL);

-- A payment out recorded from an item transaction: which one (its GBP value is the transaction's, net of the
-- fee percent, so the purchase total is the item's purchase price to the penny). A credit or debt line's ledger
-- posting (source 'item_transaction') is found through it when the purchase is voided.
ALTER TABLE purchase_payments
  ADD COLUMN item_transaction_id bigint UNIQUE REFERENCES item_transactions (id) ON DELETE RESTRICT;

CREATE OR REPLACE VIEW purchase_records AS
  SELECT p.shop_id, p.id, p.number, p.reference, p.purchased_on, p.seller_client_id, p.seller_name,
         p.seller_address, p.seller_kind, p.total_gbp, p.status, p.voided_on, p.created_at, p.source
    FROM purchases p;
