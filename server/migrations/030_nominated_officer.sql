-- Issue 25, item 1: the nominated officer (Money Laundering Regulations 2017, reg. 21(3)): the member who
-- receives the shop's internal suspicious activity reports and decides whether to disclose them to the National
-- Crime Agency (POCA 2002 s.330-332). At most one per shop; the owner names them (the shops module writes it).
ALTER TABLE memberships ADD COLUMN nominated_officer boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX memberships_one_nominated_officer_per_shop ON memberships (shop_id) WHERE nominated_officer;

-- Other modules read memberships through this view only (migration 017): the compliance module asks it whether a
-- caller is the nominated officer. A column appended keeps the view's existing columns and their order.
CREATE OR REPLACE VIEW membership_directory AS
  SELECT m.id, m.shop_id, m.user_id, m.role, m.active, m.seen_at, m.nominated_officer FROM memberships m;
