-- A client's postal address (issue 22, item 4): printed under the buyer's name on every invoice, credit note and
-- approval note, and required of the seller by a purchase document (HMRC VAT Notice 718's stock book keeps "the
-- seller's name and address"). Five plain columns rather than one text block, so the UK postcode can be checked
-- and a document lays the address out one line per part (contracts/src/address.ts, postalAddressLines).
--
-- The country is stored as its English name, as it is printed on an envelope and a document, not as an ISO code:
-- 'United Kingdom' by default (a UK shop's clients are mostly at home), any other country as typed. The server
-- writes 'United Kingdom' for its usual spellings (UK, GB, Great Britain, England, Scotland, Wales, Northern
-- Ireland), so "is this a UK address" (which decides the postcode rule) is one comparison.
--
-- Every part is '' when not given: existing clients have no address, and an address is optional on a client
-- (a walk-in buyer need not give one); the purchase document asks for it (contracts: missingAddressParts).
ALTER TABLE clients
  ADD COLUMN address_line1 varchar(100) NOT NULL DEFAULT '',
  ADD COLUMN address_line2 varchar(100) NOT NULL DEFAULT '',
  ADD COLUMN town varchar(60) NOT NULL DEFAULT '',
  ADD COLUMN postcode varchar(16) NOT NULL DEFAULT '',
  ADD COLUMN country varchar(60) NOT NULL DEFAULT 'United Kingdom';

-- The clients module's published view (017) with the address appended: other modules (purchases, documents)
-- read a client's address here, never from the clients table. Appending keeps CREATE OR REPLACE valid.
CREATE OR REPLACE VIEW client_directory AS
  SELECT c.id, c.shop_id, c.name, c.email, c.phone, c.status, c.balance, c.cdd_verified_on,
         (SELECT count(*) FROM client_documents d WHERE d.client_id = c.id)::int AS documents_on_file,
         c.address_line1, c.address_line2, c.town, c.postcode, c.country
    FROM clients c;
