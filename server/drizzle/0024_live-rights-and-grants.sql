-- Live rights kept per instance (platform/auth/live-rights.ts): every change that can end a session or change a
-- user's rights tells every instance, through the cache channel, on commit. A trigger and not the writing code,
-- so no path (a route, the seed, a SQL console) can change them unannounced. Payloads end in ';' so that the
-- prefix 'live:user:12;' never clears user 123. `app.live_changed` tells the committing instance itself, which reads
-- it with COMMIT and forgets its copies before it answers (platform/tenancy/tenant-tx.ts).
CREATE OR REPLACE FUNCTION zoo_live_token_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zoo_cache', 'live:tok:' || OLD.jti || ';');
  PERFORM set_config('app.live_changed', 'on', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sys_token_live AFTER UPDATE OF revoke_time, expire_time OR DELETE ON sys_token
  FOR EACH ROW EXECUTE FUNCTION zoo_live_token_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zoo_live_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.dept_id IS DISTINCT FROM NEW.dept_id
     OR OLD.status IS DISTINCT FROM NEW.status OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
     OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id THEN
    PERFORM pg_notify('zoo_cache', 'live:user:' || OLD.id || ';');
    PERFORM set_config('app.live_changed', 'on', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER blade_user_live AFTER UPDATE OR DELETE ON blade_user
  FOR EACH ROW EXECUTE FUNCTION zoo_live_user_changed();
--> statement-breakpoint
-- Grants per tenant and role set (platform/access/menu-access.ts `sessionGrants`) follow role-menu grants, menus,
-- roles and tenant packages: one notification per statement.
CREATE OR REPLACE FUNCTION zoo_live_grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('zoo_cache', 'live:grants:');
  PERFORM set_config('app.live_changed', 'on', true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER blade_role_menu_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_role_menu
  FOR EACH STATEMENT EXECUTE FUNCTION zoo_live_grants_changed();
--> statement-breakpoint
CREATE TRIGGER blade_menu_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_menu
  FOR EACH STATEMENT EXECUTE FUNCTION zoo_live_grants_changed();
--> statement-breakpoint
CREATE TRIGGER blade_role_grants AFTER UPDATE OR DELETE OR TRUNCATE ON blade_role
  FOR EACH STATEMENT EXECUTE FUNCTION zoo_live_grants_changed();
--> statement-breakpoint
CREATE TRIGGER blade_tenant_package_grants AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blade_tenant_package
  FOR EACH STATEMENT EXECUTE FUNCTION zoo_live_grants_changed();
--> statement-breakpoint
CREATE TRIGGER blade_tenant_grants AFTER UPDATE OF package_id, is_deleted, status ON blade_tenant
  FOR EACH STATEMENT EXECUTE FUNCTION zoo_live_grants_changed();
