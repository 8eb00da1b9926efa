-- Versions of the tables that record lookups read names from (docs/decisions/0033): a list or detail reads them
-- with its first statements and serves species, park, venue, cage, keeper and parent names from memory while they
-- are unchanged, so a warm page is one message to PostgreSQL.
-- Tenant tables keep their version per tenant in sys_row_count (count_live_rows, migration 0013); the species
-- catalogue is platform-wide and keeps one in sys_table_version. Both grow with every write statement.
CREATE TABLE "sys_table_version" (
	"table_name" varchar(64) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sys_table_version AS v (table_name, version) VALUES (TG_TABLE_NAME, 1)
    ON CONFLICT (table_name) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER zoo_version AFTER INSERT OR UPDATE OR DELETE ON zoo_species FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version();
--> statement-breakpoint
-- The counter is written as its owner: a platform administrator's write to another tenant's users must count in
-- that tenant, and sys_row_count's row-level security admits only the caller's own tenant.
ALTER FUNCTION count_live_rows() SECURITY DEFINER SET search_path = public;
--> statement-breakpoint
-- Parks, venues, cages and users: live rows and version per tenant, like zoo_animal (migration 0013).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['zoo_park', 'zoo_venue', 'zoo_cage', 'blade_user'] LOOP
    EXECUTE format('CREATE TRIGGER count_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_rows()', t);
    EXECUTE format('CREATE TRIGGER count_upd AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_rows()', t);
    EXECUTE format('CREATE TRIGGER count_del AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_rows()', t);
    EXECUTE format('INSERT INTO sys_row_count (tenant_id, table_name, live, version)
      SELECT tenant_id, %L, count(*) FILTER (WHERE is_deleted = 0), 1 FROM %I GROUP BY tenant_id
      ON CONFLICT (tenant_id, table_name) DO NOTHING', t, t);
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO sys_table_version (table_name, version) VALUES ('zoo_species', 1) ON CONFLICT DO NOTHING;
