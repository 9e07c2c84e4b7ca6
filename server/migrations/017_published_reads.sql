-- Published reads (issue 20): a module reads another module's data only through the views its owner publishes
-- here, never through the owner's tables. Each view belongs to the module that owns the tables it reads (declared
-- in that module's tables.ts as PUBLISHED_READS) and names only the columns the owner stands behind, so the owner
-- may reshape its tables and keep the view; test/module-ownership.test.ts checks both rules. PostgreSQL expands
-- a simple view into the query that uses it, so a report through a view plans exactly as it did on the tables.

-- ---------------------------------------------------------------- auth
CREATE VIEW user_directory AS
  SELECT u.id, u.username, u.last_shop_id, u.is_active FROM users u;

-- ---------------------------------------------------------------- shops
CREATE VIEW shop_directory AS
  SELECT s.id, s.name, s.timezone FROM shops s;

CREATE VIEW membership_directory AS
  SELECT m.id, m.shop_id, m.user_id, m.role, m.active, m.seen_at FROM memberships m;

-- ---------------------------------------------------------------- clients
CREATE VIEW client_directory AS
  SELECT c.id, c.shop_id, c.name, c.email, c.phone, c.status, c.balance, c.cdd_verified_on,
         (SELECT count(*) FROM client_documents d WHERE d.client_id = c.id)::int AS documents_on_file
    FROM clients c;

CREATE VIEW client_ledger_entries AS
  SELECT l.id, l.shop_id, l.client_id, l.amount, l.currency, l.exchange_rate, l.amount_gbp, l.method,
         l.entry_date, l.source, l.source_id, l.reversal_of
    FROM client_ledger l;

-- ---------------------------------------------------------------- inventory
CREATE VIEW stock_items AS
  SELECT i.id, i.shop_id, i.serial, i.stock_type, i.brand, i.model, i.description, i.purchase_price,
         i.retail_price, i.status, i.purchased_on, i.vat_scheme, i.location
    FROM items i;

CREATE VIEW stock_checkouts AS
  SELECT c.id, c.shop_id, c.item_id, c.client_id, c.agreed_price, c.due_date, c.note, c.checked_out_at,
         c.returned_at, c.outcome
    FROM checkouts c;

CREATE VIEW stock_consignments AS
  SELECT co.item_id, co.shop_id, co.supplier_id, co.agreed_cost, co.return_by, co.supplier_ref, co.returned_at
    FROM consignments co;

-- ---------------------------------------------------------------- sales
CREATE VIEW sale_records AS
  SELECT s.id, s.shop_id, s.item_id, s.deal_id, s.name, s.amount, s.currency, s.exchange_rate, s.amount_gbp,
         s.cost_gbp, s.payment_method, s.client_id, s.buyer_name, s.sale_date, s.notes, s.reversal_of,
         s.void_reason, s.voided_by_name, s.created_by, s.created_at
    FROM sales s;

CREATE VIEW invoice_records AS
  SELECT i.id, i.shop_id, i.kind, i.number, i.reference, i.sale_id, i.deal_id, i.credits_invoice_id,
         i.issue_date, i.currency, i.exchange_rate, i.total, i.total_gbp, i.vat_treatment, i.vat_amount,
         i.vat_amount_gbp, i.margin_gbp, i.margin_vat_gbp, i.part_exchange, i.part_exchange_gbp, i.payments,
         i.payment_method, i.paid_in_full, i.client_id, i.buyer, i.seller, i.lines, i.created_by_name, i.created_at
    FROM invoices i;

CREATE VIEW deal_records AS
  SELECT d.id, d.shop_id, d.status, d.origin, d.client_id, d.deal_date FROM deals d;

CREATE VIEW deal_payment_records AS
  SELECT p.id, p.shop_id, p.deal_id, p.kind, p.direction, p.method, p.amount, p.currency, p.exchange_rate,
         p.amount_gbp, p.payment_date, p.reversal_of
    FROM deal_payments p;

-- ---------------------------------------------------------------- documents
CREATE VIEW shop_document_settings AS
  SELECT ss.shop_id, ss.legal_name, ss.trading_name, ss.address, ss.phone, ss.email, ss.vat_number,
         ss.company_number, ss.invoice_footer, ss.approval_terms, ss.invoice_prefix, ss.credit_note_prefix,
         ss.aml_eur_gbp_rate, ss.label_price, ss.price_code_key, ss.layaway_cancel_policy
    FROM shop_settings ss;

CREATE VIEW shop_logo_index AS
  SELECT l.shop_id, l.storage_key, l.content_type, l.size_bytes FROM shop_logos l;
