-- Stock reports (decision 0023): stock at a past day takes each individual's last ledger row dated up to that day.
-- This covering partial index lets that DISTINCT ON read the tenant's individual rows as an index-only scan, in
-- (animal, id) order, without visiting the heap (the ledger is append-only, so its pages stay all-visible).
-- Drizzle's index builder has no INCLUDE, so the index is declared here only.
CREATE INDEX "zoo_stock_log_animal_last_idx" ON "zoo_stock_log" USING btree ("tenant_id","animal_id","id")
  INCLUDE ("event_date","status_after","species_id","to_cage_id","from_cage_id","male_quantity","female_quantity","they_quantity")
  WHERE animal_type = 1;
