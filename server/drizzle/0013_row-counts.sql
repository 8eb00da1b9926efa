CREATE TABLE "sys_row_count" (
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"live" bigint DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sys_row_count_tenant_id_table_name_pk" PRIMARY KEY("tenant_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "sys_row_count" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "sys_row_count_tenant_isolation" ON "sys_row_count" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Keeps sys_row_count in the writing transaction: one upsert per statement and tenant (transition tables), so a
-- bulk insert costs one row lock, not one per row. Any table with tenant_id and is_deleted can attach it.
CREATE OR REPLACE FUNCTION count_live_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO sys_row_count AS c (tenant_id, table_name, live, version)
      SELECT tenant_id, TG_TABLE_NAME, count(*) FILTER (WHERE is_deleted = 0), 1 FROM new_rows GROUP BY tenant_id
      ON CONFLICT (tenant_id, table_name) DO UPDATE SET live = c.live + excluded.live, version = c.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO sys_row_count AS c (tenant_id, table_name, live, version)
      SELECT tenant_id, TG_TABLE_NAME, sum(d), 1 FROM (
        SELECT tenant_id, (is_deleted = 0)::int AS d FROM new_rows
        UNION ALL SELECT tenant_id, -(is_deleted = 0)::int FROM old_rows) x GROUP BY tenant_id
      ON CONFLICT (tenant_id, table_name) DO UPDATE SET live = c.live + excluded.live, version = c.version + 1;
  ELSE
    INSERT INTO sys_row_count AS c (tenant_id, table_name, live, version)
      SELECT tenant_id, TG_TABLE_NAME, -count(*) FILTER (WHERE is_deleted = 0), 1 FROM old_rows GROUP BY tenant_id
      ON CONFLICT (tenant_id, table_name) DO UPDATE SET live = c.live + excluded.live, version = c.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER zoo_count_ins AFTER INSERT ON zoo_animal REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_rows();
--> statement-breakpoint
CREATE TRIGGER zoo_count_upd AFTER UPDATE ON zoo_animal REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_rows();
--> statement-breakpoint
CREATE TRIGGER zoo_count_del AFTER DELETE ON zoo_animal REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_live_rows();
--> statement-breakpoint
INSERT INTO sys_row_count (tenant_id, table_name, live, version)
  SELECT tenant_id, 'zoo_animal', count(*) FILTER (WHERE is_deleted = 0), 1 FROM zoo_animal GROUP BY tenant_id;
