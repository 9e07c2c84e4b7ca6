-- The audit trail becomes a record nobody can rewrite (issue 12, item 2):
--  * append-only: triggers refuse UPDATE, DELETE and TRUNCATE;
--  * history outlives people and shops: no foreign key may cascade or SET NULL (a SET NULL is an UPDATE), so the
--    numbers stay and the actor's username is kept beside them;
--  * each shop's entries (and the system's, shop_id NULL) form a hash chain: seq 1, 2, 3..., prev_hash, and
--    hash = sha256(prev_hash || '|' || canonical content), computed here in a BEFORE INSERT trigger under an
--    advisory lock per chain, so concurrent writers on PostgreSQL cannot fork it. `npm run audit:verify`
--    recomputes every hash in Node (server/src/cli/audit-verify.ts mirrors audit_log_content below).
--  * History finds everything about a client or an item through client_id / item_id, filled by the callers or
--    derived here from the entry.

ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_shop_id_fkey;
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_user_id_fkey;
ALTER TABLE audit_log ALTER COLUMN shop_id DROP NOT NULL;
ALTER TABLE audit_log ALTER COLUMN entity_id DROP NOT NULL;
ALTER TABLE audit_log ADD COLUMN actor varchar(150);
ALTER TABLE audit_log ADD COLUMN record_name varchar(300);
ALTER TABLE audit_log ADD COLUMN client_id bigint;
ALTER TABLE audit_log ADD COLUMN item_id bigint;
ALTER TABLE audit_log ADD COLUMN seq bigint;
ALTER TABLE audit_log ADD COLUMN prev_hash char(64);
ALTER TABLE audit_log ADD COLUMN hash char(64);

-- A whole-number id inside a JSON object, or NULL (never an error on odd JSON).
CREATE FUNCTION audit_json_id(doc jsonb, key text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(doc) = 'object' AND jsonb_typeof(doc -> key) = 'number'
      THEN trunc((doc ->> key)::numeric)::bigint
  END
$$;

-- One field of the canonical content: '-' for NULL, else its length in bytes, ':' and the text, so no value
-- can imitate a separator.
CREATE FUNCTION audit_field(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL THEN '-' ELSE octet_length(value)::text || ':' || value END
$$;

-- The canonical content of an entry: every column that says something, in a fixed order, the time in UTC to
-- the microsecond and the JSON as PostgreSQL prints jsonb (one spelling per value).
CREATE FUNCTION audit_log_content(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|',
    audit_field(r.shop_id::text),
    audit_field(r.seq::text),
    audit_field(r.user_id::text),
    audit_field(r.actor),
    audit_field(r.entity),
    audit_field(r.entity_id::text),
    audit_field(r.record_name),
    audit_field(r.client_id::text),
    audit_field(r.item_id::text),
    audit_field(r.action),
    audit_field(r.before::text),
    audit_field(r.after::text),
    audit_field(to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
  )
$$;

-- Fills what the caller left out: the actor's username, the client and item the entry concerns, and the
-- record's name as staff know it at the time.
CREATE FUNCTION audit_log_fill(r audit_log) RETURNS audit_log LANGUAGE plpgsql AS $$
BEGIN
  IF r.actor IS NULL AND r.user_id IS NOT NULL THEN
    SELECT username INTO r.actor FROM users WHERE id = r.user_id;
  END IF;
  IF r.client_id IS NULL THEN
    r.client_id := CASE
      WHEN r.entity = 'client' THEN r.entity_id
      ELSE coalesce(
        audit_json_id(r.after, 'clientId'),
        audit_json_id(r.before, 'clientId'),
        CASE WHEN r.entity = 'item' AND r.action IN ('check_out', 'return') THEN
          coalesce(audit_json_id(r.after -> 'checkout', 'clientId'), audit_json_id(r.before -> 'checkout', 'clientId'))
        END,
        CASE WHEN r.entity = 'item' AND r.action IN ('sell', 'void_sale') THEN
          coalesce(audit_json_id(r.after -> 'sale', 'clientId'), audit_json_id(r.before -> 'sale', 'clientId'))
        END,
        audit_json_id(r.after -> 'entry', 'clientId')
      )
    END;
  END IF;
  IF r.item_id IS NULL THEN
    r.item_id := CASE
      WHEN r.entity = 'item' THEN r.entity_id
      ELSE coalesce(audit_json_id(r.after, 'itemId'), audit_json_id(r.before, 'itemId'))
    END;
  END IF;
  IF r.record_name IS NULL THEN
    IF r.entity = 'membership' OR r.entity = 'user' THEN
      SELECT username INTO r.record_name FROM users
       WHERE id = CASE WHEN r.entity = 'user' THEN r.entity_id
                       ELSE coalesce(audit_json_id(r.after, 'user'), audit_json_id(r.before, 'user')) END;
    ELSIF r.entity = 'shop' THEN
      SELECT name INTO r.record_name FROM shops WHERE id = r.entity_id;
    ELSIF r.item_id IS NOT NULL AND r.entity <> 'client' THEN
      SELECT left(CASE
               WHEN btrim(brand || ' ' || model) <> '' THEN btrim(brand || ' ' || model) || ' · SN ' || serial
               WHEN description <> '' THEN left(description, 80) || ' · SN ' || serial
               ELSE 'SN ' || serial
             END, 300)
        INTO r.record_name FROM items WHERE id = r.item_id;
    ELSIF r.client_id IS NOT NULL THEN
      SELECT name INTO r.record_name FROM clients WHERE id = r.client_id;
    END IF;
  END IF;
  RETURN r;
END
$$;

CREATE FUNCTION audit_log_hash(prev_hash text, r audit_log) RETURNS char(64) LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || '|' || audit_log_content(r), 'UTF8')), 'hex')
$$;

-- Backfill, in id order, before anything refuses an UPDATE: names, links and the chains of existing entries.
DO $$
DECLARE
  entry audit_log;
  last_seq bigint;
  last_hash text;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    entry := audit_log_fill(entry);
    SELECT seq, hash INTO last_seq, last_hash FROM audit_log
     WHERE coalesce(shop_id, 0) = coalesce(entry.shop_id, 0) AND seq IS NOT NULL
     ORDER BY seq DESC LIMIT 1;
    entry.seq := coalesce(last_seq, 0) + 1;
    entry.prev_hash := coalesce(last_hash, repeat('0', 64));
    entry.hash := audit_log_hash(entry.prev_hash, entry);
    UPDATE audit_log
       SET actor = entry.actor, record_name = entry.record_name, client_id = entry.client_id,
           item_id = entry.item_id, seq = entry.seq, prev_hash = entry.prev_hash, hash = entry.hash
     WHERE id = entry.id;
  END LOOP;
END
$$;

ALTER TABLE audit_log ALTER COLUMN seq SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN prev_hash SET NOT NULL;
ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL;
-- One link per place in a chain: a fork would be refused even if the lock were bypassed.
CREATE UNIQUE INDEX audit_log_chain_idx ON audit_log ((coalesce(shop_id, 0)), seq);
CREATE INDEX audit_log_client_idx ON audit_log (shop_id, client_id, id) WHERE client_id IS NOT NULL;
CREATE INDEX audit_log_item_idx ON audit_log (shop_id, item_id, id) WHERE item_id IS NOT NULL;
CREATE INDEX audit_log_shop_time_idx ON audit_log (shop_id, created_at, id);
CREATE INDEX audit_log_shop_user_idx ON audit_log (shop_id, user_id, id);

CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  -- One writer per chain until it commits (key: 'audit' as a number, the shop or 0 for the system chain);
  -- the SELECT below runs after the wait, so it sees the entry the previous holder committed.
  PERFORM pg_advisory_xact_lock(1635083369, coalesce(NEW.shop_id, 0));
  NEW := audit_log_fill(NEW);
  SELECT seq, hash INTO last_seq, last_hash FROM audit_log
   WHERE coalesce(shop_id, 0) = coalesce(NEW.shop_id, 0)
   ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := audit_log_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END
$$;
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed (history is corrected by a new entry)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
