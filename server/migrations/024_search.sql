-- One search (issue 21, item 3): GET /api/search/?q= (server/src/modules/search) finds items, clients and
-- invoices as the user types. The search module owns no table: it reads the owners' published views
-- (stock_items, client_directory, invoice_records), which PostgreSQL expands into reads of these tables, so the
-- indexes below, on the owners' tables, serve it. Each is a B-tree on lower(column) with text_pattern_ops: it
-- answers "starts with" (lower(x) LIKE 'abc%') and equality, in any case, as a range read stopped after 8 rows.
-- pg_trgm would answer "contains" too, but PGlite loads it only as an extension bundle the server does not load
-- (migration 021), so "contains" (brand, model, client name) reads the shop's rows and stops at 8 matches.
-- Already there and used as they are: items (shop_id, lower(serial) text_pattern_ops) (migration 005) and the
-- shop's stock number key (migration 021).

-- ---------------------------------------------------------------- items (owned by the inventory module)
-- A watch's reference ("126610LN") typed or pasted: the references starting with it.
CREATE INDEX items_shop_reference_lower_idx ON items (shop_id, lower(reference_number) text_pattern_ops)
  WHERE reference_number <> '';
-- "rol" → Rolex, "sub" → Submariner: the brands and models starting with what was typed. (Migration 005's
-- (shop_id, brand, model, id) index is case-sensitive: it serves the list's exact filters, not a prefix.)
CREATE INDEX items_shop_brand_lower_idx ON items (shop_id, lower(brand) text_pattern_ops);
CREATE INDEX items_shop_model_lower_idx ON items (shop_id, lower(model) text_pattern_ops);

-- ---------------------------------------------------------------- clients (owned by the clients module)
-- Names, e-mails starting with what was typed (migration 004's (shop_id, lower(name), id) index sorts names
-- by the collation, which no LIKE prefix may use unless the collation is C).
CREATE INDEX clients_shop_name_prefix_idx ON clients (shop_id, lower(name) text_pattern_ops);
CREATE INDEX clients_shop_email_prefix_idx ON clients (shop_id, lower(email) text_pattern_ops) WHERE email <> '';
-- A phone number typed with or without its spaces and dashes ("07700 900123", "07700900123"): its digits.
CREATE INDEX clients_shop_phone_digits_idx ON clients (shop_id, regexp_replace(phone, '[^0-9]', '', 'g')
  text_pattern_ops) WHERE phone <> '';

-- ---------------------------------------------------------------- invoices (owned by the sales module)
-- An invoice or credit note by its reference ("INV-00042", "42" is not a reference: it is a stock number).
CREATE INDEX invoices_shop_reference_lower_idx ON invoices (shop_id, lower(reference) text_pattern_ops);
