-- Issue 21, item 6: "Silver sees costs and profit", the shop's choice, off by default (most dealers hide cost
-- prices, stock value at cost and profit from junior staff). Sessions read it through documents' published view.
ALTER TABLE shop_settings ADD COLUMN silver_sees_costs boolean NOT NULL DEFAULT false;

CREATE OR REPLACE VIEW shop_document_settings AS
  SELECT ss.shop_id, ss.legal_name, ss.trading_name, ss.address, ss.phone, ss.email, ss.vat_number,
         ss.company_number, ss.invoice_footer, ss.approval_terms, ss.invoice_prefix, ss.credit_note_prefix,
         ss.aml_eur_gbp_rate, ss.label_price, ss.price_code_key, ss.layaway_cancel_policy, ss.silver_sees_costs
    FROM shop_settings ss;
