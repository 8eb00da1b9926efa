-- Workflow: a definition the engine cannot run is deployed and listed, marked with why (not_executable); a file
-- holding several executable processes runs each from engine_xml (the file with only that one executable).
ALTER TABLE "flow_definition" ADD COLUMN "not_executable" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_definition" ADD COLUMN "engine_xml" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A platform-wide row (tenant '' — a process deployed for every zoo) is written only by the platform tenant
-- (flow_definition's policy), so its audit row belongs to the platform's trail: tenant '' fell through the
-- coalesce and sys_audit's policy refused it, failing the write (HTTP 500). Same function as 0025 otherwise.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o jsonb;
  n jsonb;
  ch jsonb;
  act text;
BEGIN
  IF current_setting('app.audit', true) = 'off' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    n := to_jsonb(NEW); act := 'create';
    SELECT coalesce(jsonb_object_agg(e.key, jsonb_build_array(null,
             CASE WHEN e.key = ANY(TG_ARGV) THEN '"******"'::jsonb ELSE e.value END)), '{}'::jsonb)
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
           ELSE jsonb_build_array(d.ov, d.nv) END), '{}'::jsonb)
      INTO ch
      FROM (SELECT e.key AS k, coalesce(o->e.key, 'null'::jsonb) AS ov, coalesce(n->e.key, 'null'::jsonb) AS nv
              FROM jsonb_each(coalesce(n, o)) e) d
     WHERE d.k NOT IN ('update_time', 'update_user', 'create_time', 'create_user', 'create_dept', 'tenant_id')
       AND d.ov IS DISTINCT FROM d.nv
       -- A removed row lists its values; empty ones say nothing.
       AND NOT (n IS NULL AND d.ov IN ('null'::jsonb, '""'::jsonb));
    IF act = 'update' AND ch = '{}'::jsonb THEN RETURN NULL; END IF;
  END IF;
  INSERT INTO sys_audit (tenant_id, table_name, record_id, action, user_id, user_name, dept_id, actor_tenant_id,
                         client_ip, request_id, reason, changes)
  VALUES (
    coalesce(nullif(n->>'tenant_id', ''), nullif(o->>'tenant_id', ''), nullif(current_setting('app.tenant_id', true), ''), '000000'),
    TG_TABLE_NAME,
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
