-- The request layer without SQL written from values (docs/decisions/0039): requests log in as a role that holds
-- only zoo_app (NOINHERIT), created by the server at start (db/request-role.ts), so nothing a request sends can
-- become the owner. The opening used to read the caller's token and user row as the owner before switching role;
-- that read is now this function, called after the switch, with the user's tenant named by the caller.
CREATE OR REPLACE FUNCTION live_row(p_jti text, p_user_id bigint, p_tenant text)
RETURNS TABLE(token_left_ms float8, user_row text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT
    (SELECT extract(epoch FROM expire_time - localtimestamp(0))::float8 * 1000 FROM sys_token
      WHERE jti = p_jti AND revoke_time IS NULL AND expire_time > localtimestamp(0)),
    (SELECT u.role_id || '|' || u.dept_id FROM blade_user u
      WHERE u.id = p_user_id AND u.tenant_id = p_tenant AND u.is_deleted = 0 AND u.status = 1)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION live_row(text, bigint, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION live_row(text, bigint, text) TO zoo_app;
--> statement-breakpoint
-- The lookup versions are read by an ordinary statement under row-level security again (it no longer rides in the
-- statement that switches role, which is what made PostgreSQL re-plan it): the owner's function goes.
DROP FUNCTION IF EXISTS lookup_versions(text, text[]);
