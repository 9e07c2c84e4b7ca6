-- Issue 23, item 3: the shop's "Workshop terms", printed on every workshop intake receipt above the client's and
-- the shop's signatures. NULL: the default terms (contracts' DEFAULT_WORKSHOP_TERMS, which state the client's
-- rights under the Consumer Rights Act 2015 and the notice of the Torts (Interference with Goods) Act 1977
-- about uncollected goods); the owner writes the shop's own in Shop Settings, and a blank field brings the
-- default back. The documents module writes it, as every shop setting.
ALTER TABLE shop_settings ADD COLUMN workshop_terms text;

-- The workshop module reads it through this view alone (as the other modules read shop_document_settings);
-- a view of its own, so that no other migration's view of the settings has to be replaced for one column.
CREATE VIEW shop_workshop_settings AS
  SELECT ss.shop_id, ss.workshop_terms FROM shop_settings ss;
