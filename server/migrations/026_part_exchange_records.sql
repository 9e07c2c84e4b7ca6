-- The books' two gaps of issue 22 (items 5 and 6): the purchase side of a part-exchanged piece, and the VAT
-- periods of the shop's stagger.

-- ---------------------------------------------------------------- sales: part-exchanges bought
-- HMRC VAT Notice 718 ("keeping records": the stock book) asks the purchase side of every margin-scheme item:
-- the purchase invoice number, the price and the seller's name and address. A piece taken in part-exchange is
-- bought by the deal that took it (deals-service.ts, enterPartExchange: a stock item bought from the deal's client
-- on the deal's day at its allowance). The sales module owns deals, deal_lines and invoices and publishes the
-- purchase side here (sales/tables.ts, PUBLISHED_READS), one row per part-exchange line that entered stock:
--   allowance_gbp   the allowance in sterling (deal_lines.amount_gbp): the price paid for the piece
--   reference       the deal's invoice number (the invoice prints the allowance), else 'D-<deal id>'
--   seller_*        the deal's client as the invoice printed it (the invoice's snapshot of the buyer: name and
--                   postal address parts, migration 019), else the client's name and address now (read by the
--                   books through client_directory, the clients module's view: this view reads only sales tables)
--   voided_on       the day the deal was voided (its credit note's issue date): the piece went back to the client
CREATE VIEW part_exchange_records AS
  SELECT l.id AS line_id, l.shop_id, l.deal_id, l.item_id, l.amount_gbp AS allowance_gbp, d.deal_date,
         d.status AS deal_status, d.client_id,
         coalesce(inv.reference, 'D-' || d.id) AS reference, inv.id AS invoice_id,
         nullif(inv.buyer ->> 'name', '') AS seller_name,
         inv.buyer -> 'postalAddress' ->> 'addressLine1' AS seller_address_line1,
         inv.buyer -> 'postalAddress' ->> 'addressLine2' AS seller_address_line2,
         inv.buyer -> 'postalAddress' ->> 'town' AS seller_town,
         inv.buyer -> 'postalAddress' ->> 'postcode' AS seller_postcode,
         inv.buyer -> 'postalAddress' ->> 'country' AS seller_country,
         CASE WHEN d.status = 'voided' THEN cn.issue_date END AS voided_on
    FROM deal_lines l
    JOIN deals d ON d.id = l.deal_id
    LEFT JOIN LATERAL (
      SELECT i.id, i.reference, i.buyer FROM invoices i
       WHERE i.deal_id = d.id AND i.kind = 'invoice' ORDER BY i.id LIMIT 1
    ) inv ON true
    LEFT JOIN LATERAL (
      SELECT c.issue_date FROM invoices c WHERE c.credits_invoice_id = inv.id ORDER BY c.id LIMIT 1
    ) cn ON true
   WHERE l.kind = 'part_exchange' AND l.item_id IS NOT NULL;

-- ---------------------------------------------------------------- documents: the VAT stagger
-- HMRC puts a VAT-registered business making quarterly returns on one of three staggers (VAT Notice 700/12,
-- "How to fill in and submit your VAT Return", and HMRC's "VAT return periods"): stagger 1 — quarters ending
-- March, June, September, December; stagger 2 — April, July, October, January; stagger 3 — May, August,
-- November, February. "VAT quarters end in" in Shop Settings (owned by the documents module, shop_settings),
-- default 1 (calendar quarters, what the books assumed before). The books read it through shop_document_settings
-- and the quarter rule is contracts' vatQuarterOf(day, stagger), one rule for the browser and the server.
ALTER TABLE shop_settings
  ADD COLUMN vat_stagger smallint NOT NULL DEFAULT 1 CHECK (vat_stagger IN (1, 2, 3));

-- Migration 022's column list, with the stagger appended (CREATE OR REPLACE VIEW may only add columns at the end).
CREATE OR REPLACE VIEW shop_document_settings AS
  SELECT ss.shop_id, ss.legal_name, ss.trading_name, ss.address, ss.phone, ss.email, ss.vat_number,
         ss.company_number, ss.invoice_footer, ss.approval_terms, ss.invoice_prefix, ss.credit_note_prefix,
         ss.aml_eur_gbp_rate, ss.label_price, ss.price_code_key, ss.layaway_cancel_policy, ss.silver_sees_costs,
         ss.purchase_identity_threshold_gbp, ss.purchase_register_check_threshold_gbp, ss.purchase_prefix,
         ss.vat_stagger
    FROM shop_settings ss;
