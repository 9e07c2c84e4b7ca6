-- The books (issue 22, items 5 and 6): the stock book, the margin-scheme VAT figures and the accounting exports
-- are read by the books module, which owns no table. It reads the sales module's figures through this view, which
-- the sales module publishes (sales/tables.ts, PUBLISHED_READS): one row per sale (not a reversal) with the VAT
-- figures the sales module fixed at the sale — a deal's line (deal_lines) or a single sale's invoice — so that
-- nothing recomputes them (VAT Notice 718 §"margin calculations": each item's margin on its own, a loss counts 0).

-- ---------------------------------------------------------------- sales
CREATE VIEW sale_vat_records AS
  SELECT s.id AS sale_id, s.shop_id, s.item_id, s.deal_id, s.sale_date, s.name, s.amount_gbp, s.cost_gbp,
         s.client_id, s.buyer_name,
         coalesce(l.vat_treatment, inv.vat_treatment) AS vat_treatment,
         -- A deal line's VAT in sterling; a single sale's invoice kept its VAT in the sale's currency (and in
         -- sterling only since deals): the same 1/6 of the sterling price the deal line takes.
         CASE WHEN l.id IS NOT NULL THEN l.vat_gbp
              WHEN inv.vat_treatment = 'standard' THEN coalesce(inv.vat_amount_gbp, round(s.amount_gbp / 6, 2))
              ELSE 0 END AS vat_gbp,
         CASE WHEN l.id IS NOT NULL THEN l.margin_gbp ELSE inv.margin_gbp END AS margin_gbp,
         CASE WHEN l.id IS NOT NULL THEN l.margin_vat_gbp ELSE inv.margin_vat_gbp END AS margin_vat_gbp,
         inv.id AS invoice_id, inv.reference AS invoice_reference, inv.buyer AS invoice_buyer,
         cn.id AS credit_note_id, cn.reference AS credit_note_reference,
         r.id AS reversal_id, r.sale_date AS voided_on
    FROM sales s
    LEFT JOIN deal_lines l ON l.sale_id = s.id
    LEFT JOIN LATERAL (
      SELECT i.id, i.reference, i.vat_treatment, i.vat_amount_gbp, i.margin_gbp, i.margin_vat_gbp, i.buyer
        FROM invoices i
       WHERE i.shop_id = s.shop_id AND i.kind = 'invoice'
         AND CASE WHEN s.deal_id IS NULL THEN i.sale_id = s.id ELSE i.deal_id = s.deal_id END
       LIMIT 1
    ) inv ON true
    LEFT JOIN invoices cn ON cn.credits_invoice_id = inv.id
    LEFT JOIN sales r ON r.reversal_of = s.id
   WHERE s.reversal_of IS NULL;
