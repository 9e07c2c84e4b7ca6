-- Shop isolation (issue 11): a session works in the shop its user chose, never one derived from their
-- memberships, so adding someone to a shop cannot move their work there. New sessions start in the shop the user
-- worked in last (users.last_shop_id) while they are still an active member of it.
ALTER TABLE sessions ADD COLUMN active_shop_id integer REFERENCES shops (id) ON DELETE SET NULL;
-- "Your sessions": a public handle (never the cookie value or its hash) and what the browser said about itself.
ALTER TABLE sessions ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD COLUMN user_agent varchar(512) NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip_address varchar(45) NOT NULL DEFAULT '';
CREATE UNIQUE INDEX sessions_public_id_key ON sessions (public_id);

ALTER TABLE users ADD COLUMN last_shop_id integer REFERENCES shops (id) ON DELETE SET NULL;
-- A created account whose first password was chosen by someone else must replace it at the first sign-in.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- A membership someone else granted is "new" to its member until they have seen the notice of it.
ALTER TABLE memberships ADD COLUMN seen_at timestamptz;

-- Existing data keeps working as it did: every membership counts as seen, and each live session and user starts
-- in the shop the old rule picked (the highest role, then the oldest shop).
UPDATE memberships SET seen_at = created_at;
UPDATE users u SET last_shop_id = (
  SELECT m.shop_id FROM memberships m
   WHERE m.user_id = u.id AND m.active
   ORDER BY CASE m.role WHEN 'platinum' THEN 0 WHEN 'gold' THEN 1 ELSE 2 END, m.shop_id
   LIMIT 1
);
UPDATE sessions s SET active_shop_id = u.last_shop_id FROM users u WHERE u.id = s.user_id;
