-- Row conventions kept by the database, so no module writes them (docs/decisions/0011-audit-trail.md).
-- The triggers are attached to every table by the post-migration step (src/db/conventions.ts).

-- Update stamp: every UPDATE of a table with update_time/update_user records when and who.
CREATE OR REPLACE FUNCTION stamp_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.update_time := localtimestamp(0);
  NEW.update_user := coalesce(nullif(current_setting('app.user_id', true), '')::bigint, NEW.update_user);
  RETURN NEW;
END $$;
--> statement-breakpoint

-- Audit trail: one sys_audit row per created, changed or deleted row (a logical delete, is_deleted 0 → 1, counts
-- as a delete). Arguments: the table's secret columns, whose values are masked. The request transaction's
-- settings say who, from where and why; `app.audit = off` (seeding, synthetic data) writes nothing.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o jsonb;
  n jsonb;
  ch jsonb := '{}'::jsonb;
  k text;
  ov jsonb;
  nv jsonb;
  act text;
BEGIN
  IF current_setting('app.audit', true) = 'off' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    n := to_jsonb(NEW); act := 'create';
  ELSIF TG_OP = 'DELETE' THEN
    o := to_jsonb(OLD); act := 'delete';
  ELSE
    o := to_jsonb(OLD); n := to_jsonb(NEW);
    act := CASE WHEN (o->>'is_deleted') = '0' AND (n->>'is_deleted') = '1' THEN 'delete' ELSE 'update' END;
  END IF;
  FOR k IN SELECT jsonb_object_keys(coalesce(n, o)) LOOP
    CONTINUE WHEN k IN ('update_time', 'update_user', 'create_time', 'create_user', 'create_dept', 'tenant_id');
    ov := CASE WHEN o IS NULL THEN 'null'::jsonb ELSE o->k END;
    nv := CASE WHEN n IS NULL THEN 'null'::jsonb ELSE n->k END;
    CONTINUE WHEN ov IS NOT DISTINCT FROM nv;
    -- A new or removed row lists its values; empty ones say nothing.
    CONTINUE WHEN (o IS NULL OR n IS NULL) AND coalesce(nullif(nv, 'null'::jsonb), ov) IN ('null'::jsonb, '""'::jsonb);
    IF k = ANY(TG_ARGV) THEN
      ov := CASE WHEN ov IN ('null'::jsonb, '""'::jsonb) THEN ov ELSE '"******"'::jsonb END;
      nv := CASE WHEN nv IN ('null'::jsonb, '""'::jsonb) THEN nv ELSE '"******"'::jsonb END;
    END IF;
    ch := ch || jsonb_build_object(k, jsonb_build_array(ov, nv));
  END LOOP;
  IF act = 'update' AND ch = '{}'::jsonb THEN RETURN NULL; END IF;
  INSERT INTO sys_audit (tenant_id, table_name, record_id, action, user_id, user_name, dept_id, actor_tenant_id,
                         client_ip, request_id, reason, changes)
  VALUES (
    coalesce(n->>'tenant_id', o->>'tenant_id', nullif(current_setting('app.tenant_id', true), ''), '000000'),
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
