-- Issue 26, goal 2: the stock list's count of a brand within a type and statuses (the "Inventory - Watches"
-- screen with a brand chosen) read every item of the brand from the table: at 100,000 items, 14,342 rows in a
-- bitmap heap scan, 13-18 ms, the worst page of scripts/bench-items.mjs. With the type and status in the index
-- the count is read from the index alone (an index-only scan wherever the visibility map is set, as
-- PostgreSQL's autovacuum keeps it): 1.2 ms. The list itself keeps items_shop_brand_model_idx (migration 005).
CREATE INDEX items_shop_brand_type_status_idx ON items (shop_id, brand, stock_type, status);
