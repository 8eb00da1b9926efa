CREATE TABLE "sys_partition_archive" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"table_name" varchar(63) NOT NULL,
	"partition_name" varchar(63) NOT NULL,
	"month" date NOT NULL,
	"row_count" bigint NOT NULL,
	"byte_size" bigint NOT NULL,
	"sha256" char(64) NOT NULL,
	"storage" varchar(64) NOT NULL,
	"object_key" varchar(255) NOT NULL,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_partition_archive_uq" ON "sys_partition_archive" USING btree ("table_name","month");--> statement-breakpoint
-- Time-partitioned streams (decision 0056): sensor readings, the API, usual and error logs, the audit trail and the
-- keepers' daily logs become tables partitioned by month of their time column, with a DEFAULT partition so no
-- insert is ever refused (a sensor with a wrong clock, a log back-entered for 2015); the server's hourly maintenance
-- (platform/partition) creates months ahead, moves rows out of the default partition and applies retention.
-- Each table: renamed aside, recreated partitioned (same columns, defaults and checks, in the same order), one
-- partition per month its rows hold plus this month and three ahead, rows copied, the old table dropped; then the
-- primary key (id, <key>) — PostgreSQL requires the partition key in every unique index of a partitioned table —
-- the row-level security policy, the indexes under their old names and the table's own trigger. Partitions are
-- named <table>_pYYYYMM and <table>_default.
CREATE FUNCTION pg_temp.zoo_partition_by_month(tbl text, key text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old text := tbl || '_unpartitioned';
  m date;
BEGIN
  EXECUTE format('ALTER TABLE %I RENAME TO %I', tbl, old);
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMMENTS) PARTITION BY RANGE (%I)', tbl, old, key);
  FOR m IN EXECUTE format($q$SELECT DISTINCT date_trunc('month', %I)::date FROM %I
                              UNION SELECT (date_trunc('month', localtimestamp) + make_interval(months => g))::date FROM generate_series(0, 3) g
                              ORDER BY 1$q$, key, old)
  LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', tbl || '_p' || to_char(m, 'YYYYMM'), tbl, m, (m + interval '1 month')::date);
  END LOOP;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', tbl || '_default', tbl);
  EXECUTE format('INSERT INTO %I SELECT * FROM %I', tbl, old);
  EXECUTE format('DROP TABLE %I', old);
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (id, %I)', tbl, tbl || '_pkey', key);
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format($q$CREATE POLICY %I ON %I AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true))$q$, tbl || '_tenant_isolation', tbl);
END $$;
--> statement-breakpoint
SELECT pg_temp.zoo_partition_by_month('zoo_humiture', 'read_time');--> statement-breakpoint
SELECT pg_temp.zoo_partition_by_month('blade_log_api', 'create_time');--> statement-breakpoint
SELECT pg_temp.zoo_partition_by_month('blade_log_usual', 'create_time');--> statement-breakpoint
SELECT pg_temp.zoo_partition_by_month('blade_log_error', 'create_time');--> statement-breakpoint
SELECT pg_temp.zoo_partition_by_month('sys_audit', 'create_time');--> statement-breakpoint
SELECT pg_temp.zoo_partition_by_month('zoo_basic_log', 'log_date');--> statement-breakpoint
DROP FUNCTION pg_temp.zoo_partition_by_month(text, text);--> statement-breakpoint
CREATE INDEX "zoo_humiture_cage_time_idx" ON "zoo_humiture" USING btree ("tenant_id","cage_id","read_time");--> statement-breakpoint
CREATE INDEX "blade_log_api_idx" ON "blade_log_api" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_usual_idx" ON "blade_log_usual" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_error_idx" ON "blade_log_error" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "sys_audit_record_idx" ON "sys_audit" USING btree ("tenant_id","table_name","record_id","id");--> statement-breakpoint
CREATE INDEX "sys_audit_time_idx" ON "sys_audit" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "sys_audit_change_idx" ON "sys_audit" USING btree ("tenant_id","table_name","record_id") WHERE action <> 'create';--> statement-breakpoint
CREATE INDEX "zoo_basic_log_date_idx" ON "zoo_basic_log" USING btree ("tenant_id","log_date");--> statement-breakpoint
-- INCLUDE as in migration 0022 (the month calendar's index-only scan).
CREATE UNIQUE INDEX "zoo_basic_log_day_uq" ON "zoo_basic_log" USING btree ("tenant_id","animal_id","log_date") INCLUDE ("id","intake","health","keeper_id") WHERE is_deleted = 0;--> statement-breakpoint
-- Cloned by PostgreSQL onto every partition, present and future.
CREATE TRIGGER zoo_basic_log_row_version BEFORE UPDATE ON zoo_basic_log FOR EACH ROW EXECUTE FUNCTION zoo_bump_row_version();--> statement-breakpoint
-- Same function as 0043, but the row of a partition is recorded under its table's name (the audit trigger is
-- attached to the partitioned table and cloned onto each partition, where TG_TABLE_NAME is the partition's). The
-- catalog is read only for a name shaped like a partition's.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o jsonb;
  n jsonb;
  ch jsonb;
  act text;
  tbl text := TG_TABLE_NAME;
BEGIN
  IF current_setting('app.audit', true) = 'off' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    n := to_jsonb(NEW); act := 'create';
    SELECT coalesce(jsonb_object_agg(e.key, jsonb_build_array(null,
             CASE WHEN e.key = ANY(TG_ARGV) THEN '"******"'::jsonb ELSE audit_exact(e.value) END)), '{}'::jsonb)
      INTO ch
      FROM jsonb_each(n - '{update_time,update_user,create_time,create_user,create_dept,tenant_id}'::text[]) e
     WHERE e.value NOT IN ('null'::jsonb, '""'::jsonb);
  ELSE
    IF TG_OP = 'DELETE' THEN
      o := to_jsonb(OLD); act := 'delete';
    ELSE
      o := to_jsonb(OLD); n := to_jsonb(NEW);
      act := CASE WHEN (o->>'is_deleted') = '0' AND (n->>'is_deleted') = '1' THEN 'delete' ELSE 'update' END;
    END IF;
    SELECT coalesce(jsonb_object_agg(d.k, CASE WHEN d.k = ANY(TG_ARGV) THEN jsonb_build_array(
             CASE WHEN d.ov IN ('null'::jsonb, '""'::jsonb) THEN d.ov ELSE '"******"'::jsonb END,
             CASE WHEN d.nv IN ('null'::jsonb, '""'::jsonb) THEN d.nv ELSE '"******"'::jsonb END)
           ELSE jsonb_build_array(audit_exact(d.ov), audit_exact(d.nv)) END), '{}'::jsonb)
      INTO ch
      FROM (SELECT e.key AS k, coalesce(o->e.key, 'null'::jsonb) AS ov, coalesce(n->e.key, 'null'::jsonb) AS nv
              FROM jsonb_each(coalesce(n, o)) e) d
     WHERE d.k NOT IN ('update_time', 'update_user', 'create_time', 'create_user', 'create_dept', 'tenant_id')
       AND d.ov IS DISTINCT FROM d.nv
       -- A removed row lists its values; empty ones say nothing.
       AND NOT (n IS NULL AND d.ov IN ('null'::jsonb, '""'::jsonb));
    IF act = 'update' AND ch = '{}'::jsonb THEN RETURN NULL; END IF;
  END IF;
  -- A row of a time-partitioned table fires the trigger cloned onto its partition: the trail names the table.
  IF tbl ~ '_(p[0-9]{6}|default)$' THEN
    tbl := coalesce((SELECT p.relname FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent WHERE i.inhrelid = TG_RELID), tbl);
  END IF;
  INSERT INTO sys_audit (tenant_id, table_name, record_id, action, user_id, user_name, dept_id, actor_tenant_id,
                         client_ip, request_id, reason, changes)
  VALUES (
    coalesce(nullif(n->>'tenant_id', ''), nullif(o->>'tenant_id', ''), nullif(current_setting('app.tenant_id', true), ''), '000000'),
    tbl,
    coalesce(n->>'id', o->>'id', n->>'code', o->>'code', ''),
    act,
    nullif(current_setting('app.user_id', true), '')::bigint,
    left(coalesce(current_setting('app.user_name', true), ''), 64),
    nullif(current_setting('app.dept_id', true), '')::bigint,
    coalesce(current_setting('app.tenant_id', true), ''),
    left(coalesce(current_setting('app.client_ip', true), ''), 64),
    left(coalesce(current_setting('app.request_id', true), ''), 64),
    left(coalesce(current_setting('app.audit_reason', true), ''), 500),
    ch);
  RETURN NULL;
END $$;
