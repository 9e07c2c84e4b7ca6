-- The shop's letterhead: how every paper, page and e-mail that names the shop names it (the e-mails' sender,
-- purchase invoices, the workshop's papers and notices, the annual compliance summary, the public storefront and
-- its enquiries). The rule for the printed name was written in each of those readers, and they had drifted: the
-- storefront did not trim, so a trading name of spaces printed blank there and the legal name everywhere else.
-- It is written once, here: the readers take the name from this view and never compute it again.
--
-- One row per shop (shop_directory), with Shop Settings (shop_document_settings) where saved:
--   name            printed large: the trading name, else the legal name, else the shop's own name in Loupe
--   legal_name      the legal entity printed under it: the legal name, else the shop's own name
--   trading_name    as saved, '' when none
--   shop_name       the shop's own name in Loupe, whatever Shop Settings say
--   the details     address, phone, e-mail, VAT and company numbers as saved, '' when none
-- Both names and the e-mail address are trimmed (spaces, tabs, line breaks), and a blank one counts as none
-- (Shop Settings' save trims already; a row written otherwise can hold stray spaces). The documents module owns
-- the view (PUBLISHED_READS, as migration 017) and builds it on published views only. Issued sales documents
-- are not read from it: an invoice keeps the settings it was issued under (sales' PARTIES snapshot).
CREATE VIEW shop_letterhead AS
  SELECT s.id AS shop_id,
         coalesce(nullif(btrim(ds.trading_name, E' \t\r\n'), ''), nullif(btrim(ds.legal_name, E' \t\r\n'), ''),
                  s.name) AS name,
         coalesce(nullif(btrim(ds.legal_name, E' \t\r\n'), ''), s.name) AS legal_name,
         coalesce(btrim(ds.trading_name, E' \t\r\n'), '') AS trading_name,
         s.name AS shop_name,
         coalesce(ds.address, '') AS address,
         coalesce(ds.phone, '') AS phone,
         coalesce(btrim(ds.email, E' \t\r\n'), '') AS email,
         coalesce(ds.vat_number, '') AS vat_number,
         coalesce(ds.company_number, '') AS company_number
    FROM shop_directory s LEFT JOIN shop_document_settings ds ON ds.shop_id = s.id;
