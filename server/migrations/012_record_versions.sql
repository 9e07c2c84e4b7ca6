-- No lost updates (issue 12): clients and items carry a version that every change of their content bumps, so
-- an edit based on what a person loaded can be refused when someone changed the record since
-- (UPDATE … WHERE id = $1 AND version = $2 matches no row: a 409 instead of silently overwriting).
--
-- The triggers bump it, not the code that writes, so every path that changes a row is covered, today's and
-- tomorrow's (edits, sales, check-outs, returns, promotions, voids), and a statement cannot set it by hand:
-- NEW.version is always worked out from OLD.version.
ALTER TABLE clients ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE items ADD COLUMN version integer NOT NULL DEFAULT 1;

-- A client's version counts changes of what a person edits (name, email, phone, status, notes, and any
-- column added later) but not of its balance: payments, charges, stock bought on credit and their voids move
-- the balance all day, and none of them touches what the edit form holds, so an edit of the client's phone
-- made while a payment was recorded must not be refused. updated_at goes with the balance for that reason.
CREATE FUNCTION clients_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(NEW) - 'version' - 'balance' - 'updated_at'
     IS DISTINCT FROM to_jsonb(OLD) - 'version' - 'balance' - 'updated_at' THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER clients_versioned BEFORE UPDATE ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_version_bump();

-- An item's version counts every change of the row: a sale, a check-out, a return, a promotion or a void
-- changes its status, prices or promotion, which the edit page shows beside the fields it edits, so an edit
-- made on the page as it was before is stale. Only updated_at alone (a save that changed nothing) is no change.
CREATE FUNCTION items_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(NEW) - 'version' - 'updated_at' IS DISTINCT FROM to_jsonb(OLD) - 'version' - 'updated_at' THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER items_versioned BEFORE UPDATE ON items
  FOR EACH ROW EXECUTE FUNCTION items_version_bump();
