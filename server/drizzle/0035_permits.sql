CREATE TABLE "zoo_permit" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"kind" integer NOT NULL,
	"permit_no" varchar(100) NOT NULL,
	"issuing_authority" varchar(100) NOT NULL,
	"holder_name" varchar(100) DEFAULT '' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"purpose_code" varchar(1) DEFAULT '' NOT NULL,
	"source_code" varchar(1) DEFAULT '' NOT NULL,
	"counterpart" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin" varchar(16) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zoo_permit_validity_ck" CHECK (valid_to is null or valid_to >= valid_from)
);
--> statement-breakpoint
ALTER TABLE "zoo_permit" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_permit_use" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"permit_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"use_date" date NOT NULL,
	"use_kind" varchar(16) NOT NULL,
	"stock_log_id" bigint,
	"transfer_id" bigint,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zoo_permit_use_quantity_ck" CHECK (quantity > 0)
);
--> statement-breakpoint
ALTER TABLE "zoo_permit_use" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "zoo_permit_kind_idx" ON "zoo_permit" USING btree ("tenant_id","kind","valid_to");--> statement-breakpoint
CREATE INDEX "zoo_permit_no_idx" ON "zoo_permit" USING btree ("tenant_id","permit_no");--> statement-breakpoint
CREATE INDEX "zoo_permit_use_permit_idx" ON "zoo_permit_use" USING btree ("tenant_id","permit_id","species_id");--> statement-breakpoint
CREATE POLICY "zoo_permit_tenant_isolation" ON "zoo_permit" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_permit_use_tenant_isolation" ON "zoo_permit_use" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Breeding licences of the species authorisation (zoo_tenant_species, one row per species) become permits of kind 1
-- (人工繁育许可证, decision 0040): one permit per zoo and licence number, a line per authorised species with its
-- approved quantity (null when the licence states none). The authorisation stays what the ledger's licence checks
-- read; the permit mirrors it, kept in step by the trigger below, so nothing is entered twice and nothing is lost.
-- SECURITY DEFINER: the platform administrator writes authorisations of any zoo; the function writes only rows of
-- the authorisation's own zoo (tenant_id given explicitly).
CREATE OR REPLACE FUNCTION zoo_permit_sync_licence(p_tenant varchar, p_no varchar) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  lic record;
  lns jsonb;
  pid bigint;
BEGIN
  SELECT t.issuing_authority, t.valid_from::date AS vf, t.valid_to::date AS vt INTO lic
    FROM zoo_tenant_species t
   WHERE t.tenant_id = p_tenant AND t.licence_no = p_no AND t.is_deleted = 0
   ORDER BY t.update_time DESC, t.id DESC LIMIT 1;
  SELECT coalesce(jsonb_agg(jsonb_build_object('speciesId', t.species_id::text, 'sex', 0, 'quantity', t.approved_quantity) ORDER BY t.id), '[]'::jsonb)
    INTO lns
    FROM zoo_tenant_species t
   WHERE t.tenant_id = p_tenant AND t.licence_no = p_no AND t.is_deleted = 0;
  SELECT p.id INTO pid FROM zoo_permit p
   WHERE p.tenant_id = p_tenant AND p.kind = 1 AND p.origin = 'licence' AND p.permit_no = p_no AND p.is_deleted = 0
   FOR UPDATE;
  IF lic IS NULL THEN
    -- No species left under this number: the mirrored permit goes (soft delete; the audit trail keeps it).
    UPDATE zoo_permit SET is_deleted = 1 WHERE id = pid;
  ELSIF pid IS NULL THEN
    INSERT INTO zoo_permit (tenant_id, kind, permit_no, issuing_authority, holder_name, valid_from, valid_to, lines, origin, remark)
    SELECT p_tenant, 1, p_no, lic.issuing_authority, coalesce((SELECT b.tenant_name FROM blade_tenant b WHERE b.tenant_id = p_tenant AND b.is_deleted = 0 LIMIT 1), ''),
           lic.vf, CASE WHEN lic.vt IS NULL THEN NULL ELSE greatest(lic.vt, lic.vf) END, lns, 'licence', '由物种授权的饲养繁育许可迁入';
  ELSE
    UPDATE zoo_permit SET issuing_authority = lic.issuing_authority, valid_from = lic.vf, valid_to = CASE WHEN lic.vt IS NULL THEN NULL ELSE greatest(lic.vt, lic.vf) END, lines = lns
     WHERE id = pid;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zoo_permit_follow_licence() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM zoo_permit_sync_licence(OLD.tenant_id, OLD.licence_no); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.licence_no IS DISTINCT FROM OLD.licence_no OR NEW.tenant_id IS DISTINCT FROM OLD.tenant_id) THEN
    PERFORM zoo_permit_sync_licence(NEW.tenant_id, NEW.licence_no);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER zoo_permit_follow_licence AFTER INSERT OR UPDATE OR DELETE ON zoo_tenant_species
  FOR EACH ROW EXECUTE FUNCTION zoo_permit_follow_licence();
--> statement-breakpoint
-- Every licence held today, adopted once (the same function the trigger calls; idempotent).
CREATE OR REPLACE FUNCTION zoo_permit_adopt_licences() RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE n integer := 0; r record;
BEGIN
  FOR r IN SELECT DISTINCT tenant_id, licence_no FROM zoo_tenant_species WHERE is_deleted = 0 ORDER BY 1, 2 LOOP
    PERFORM zoo_permit_sync_licence(r.tenant_id, r.licence_no);
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;
--> statement-breakpoint
SELECT zoo_permit_adopt_licences();
