CREATE TABLE "zoo_permit_reminder" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"permit_id" bigint NOT NULL,
	"threshold" integer NOT NULL,
	"valid_to" date NOT NULL,
	"notice_id" bigint,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_permit_reminder" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_species_status" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"species_id" bigint NOT NULL,
	"valid_from" date,
	"protection_class" integer NOT NULL,
	"protection_authority" integer DEFAULT 0 NOT NULL,
	"cites_appendix" varchar(8) NOT NULL,
	"iucn_category" varchar(2) NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_permit_reminder_uq" ON "zoo_permit_reminder" USING btree ("tenant_id","permit_id","threshold","valid_to");--> statement-breakpoint
CREATE INDEX "zoo_species_status_idx" ON "zoo_species_status" USING btree ("species_id","valid_from");--> statement-breakpoint
CREATE POLICY "zoo_permit_reminder_tenant_isolation" ON "zoo_permit_reminder" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Species status history (decision 0040): every change of protection class, authority, CITES appendix or IUCN
-- category made in the species library is kept with the day it took effect. A species first recorded gets a row
-- "as first recorded" (valid_from null); a change that is not already the status in force today adds a row dated
-- today. Back-dated changes (a list revision published earlier) are entered through /zoo-permit/species-status.
CREATE OR REPLACE FUNCTION zoo_species_status_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  cur zoo_species_status;
BEGIN
  SELECT * INTO cur FROM zoo_species_status
   WHERE species_id = NEW.id AND is_deleted = 0 AND (valid_from IS NULL OR valid_from <= current_date)
   ORDER BY valid_from DESC NULLS LAST, id DESC LIMIT 1;
  IF FOUND AND cur.protection_class = NEW.protection_class AND cur.protection_authority = NEW.protection_authority
     AND cur.cites_appendix = NEW.cites_appendix AND cur.iucn_category = NEW.iucn_category THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT FOUND THEN
    -- No history yet: what the species held before the change is its status as first recorded.
    INSERT INTO zoo_species_status (species_id, valid_from, protection_class, protection_authority, cites_appendix, iucn_category)
    VALUES (OLD.id, NULL, OLD.protection_class, OLD.protection_authority, OLD.cites_appendix, OLD.iucn_category);
  END IF;
  INSERT INTO zoo_species_status (species_id, valid_from, protection_class, protection_authority, cites_appendix, iucn_category, remark)
  VALUES (NEW.id, CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE current_date END, NEW.protection_class, NEW.protection_authority,
          NEW.cites_appendix, NEW.iucn_category, CASE WHEN TG_OP = 'INSERT' THEN '' ELSE '物种库修改' END);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER zoo_species_status_follow AFTER INSERT OR UPDATE OF protection_class, protection_authority, cites_appendix, iucn_category
  ON zoo_species FOR EACH ROW EXECUTE FUNCTION zoo_species_status_follow();
--> statement-breakpoint
INSERT INTO zoo_species_status (species_id, valid_from, protection_class, protection_authority, cites_appendix, iucn_category)
SELECT s.id, NULL, s.protection_class, s.protection_authority, s.cites_appendix, s.iucn_category FROM zoo_species s
 WHERE NOT EXISTS (SELECT 1 FROM zoo_species_status h WHERE h.species_id = s.id);
