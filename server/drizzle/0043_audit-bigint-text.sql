-- Audit values a double cannot hold travel as strings. to_jsonb() writes a bigint (snowflake ids: the record's id,
-- cage, species, dept…) as a JSON number; jsonb keeps it exactly, but the server reads jsonb with JSON.parse and
-- the browser shows what it got, so 1869581234567890123 came out as 1869581234567890200 — another record's id.
-- The check is on the number, not the column type: any JSON number beyond ±(2^53 − 1) becomes its digits in a
-- string, whatever column held it; smaller ones (int4 flags, sort orders, numeric amounts, small bigints) read
-- back exactly and stay numbers. No catalog lookup per row: one jsonb_typeof per changed value, and the magnitude
-- test only for numbers (docs/decisions/0011-audit-trail.md, "Update: bigint values as strings"). Immutable from
-- end to end (a number's digits need no escaping; to_jsonb is only stable), so the planner inlines it.
CREATE OR REPLACE FUNCTION audit_exact(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'number' AND abs(v::numeric) > 9007199254740991 THEN ('"' || (v #>> '{}') || '"')::jsonb ELSE v END
$$;
--> statement-breakpoint
-- A stored change set `{column: [before, after]}` with its unsafe numbers as strings (the rows written before this
-- migration; kept for checking old rows).
CREATE OR REPLACE FUNCTION audit_exact_changes(ch jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(e.key, CASE WHEN jsonb_typeof(e.value) = 'array'
           THEN (SELECT coalesce(jsonb_agg(audit_exact(x.v) ORDER BY x.i), '[]'::jsonb)
                   FROM jsonb_array_elements(e.value) WITH ORDINALITY x(v, i))
           ELSE audit_exact(e.value) END), '{}'::jsonb)
    FROM jsonb_each(ch) e
$$;
--> statement-breakpoint
-- Same function as 0033 (insert fast path, masking, platform-wide rows) with each stored value through audit_exact;
-- before and after are compared as the row holds them.
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
--> statement-breakpoint
-- The rows already written: one statement, as the owner (the request role may not update the trail; sys_audit
-- has no trigger of its own and row-level security does not bind its owner). Only rows holding such a number.
UPDATE sys_audit SET changes = audit_exact_changes(changes)
 WHERE jsonb_path_exists(changes, '$.*[*] ? (@.type() == "number" && @.abs() > 9007199254740991)');
