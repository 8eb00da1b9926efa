CREATE TABLE "zoo_transfer_log" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"to_tenant_id" varchar(12) NOT NULL,
	"from_zoo_name" varchar(100) DEFAULT '' NOT NULL,
	"to_zoo_name" varchar(100) DEFAULT '' NOT NULL,
	"animal_type" integer NOT NULL,
	"species_id" bigint NOT NULL,
	"animal_id" bigint,
	"identity_id" bigint,
	"local_no" varchar(50) DEFAULT '' NOT NULL,
	"animal_name" varchar(100) DEFAULT '' NOT NULL,
	"sex" integer,
	"cage_id" bigint,
	"cage_name" varchar(200) DEFAULT '' NOT NULL,
	"population_id" bigint,
	"male_quantity" integer DEFAULT 0 NOT NULL,
	"female_quantity" integer DEFAULT 0 NOT NULL,
	"they_quantity" integer DEFAULT 0 NOT NULL,
	"transfer_date" timestamp(0) NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"transfer_status" integer DEFAULT 0 NOT NULL,
	"transfer_opinion" varchar(500) DEFAULT '' NOT NULL,
	"to_cage_id" bigint,
	"to_cage_name" varchar(200) DEFAULT '' NOT NULL,
	"to_animal_id" bigint,
	"export_log_id" bigint,
	"import_log_id" bigint,
	"create_user_name" varchar(100) DEFAULT '' NOT NULL,
	"confirm_user_name" varchar(100) DEFAULT '' NOT NULL,
	"confirm_time" timestamp(0),
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zoo_transfer_log_quantities_ck" CHECK (male_quantity >= 0 and female_quantity >= 0 and they_quantity >= 0),
	CONSTRAINT "zoo_transfer_log_other_zoo_ck" CHECK (to_tenant_id <> tenant_id)
);
--> statement-breakpoint
ALTER TABLE "zoo_transfer_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "zoo_animal" ADD COLUMN "identity_id" bigint;--> statement-breakpoint
ALTER TABLE "zoo_population" ADD COLUMN "pending_male" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zoo_population" ADD COLUMN "pending_female" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zoo_population" ADD COLUMN "pending_they" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zoo_stock_log" ADD COLUMN "transfer_id" bigint;--> statement-breakpoint
CREATE INDEX "zoo_transfer_log_from_idx" ON "zoo_transfer_log" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "zoo_transfer_log_to_idx" ON "zoo_transfer_log" USING btree ("to_tenant_id","id");--> statement-breakpoint
CREATE INDEX "zoo_transfer_log_identity_idx" ON "zoo_transfer_log" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "zoo_transfer_log_pending_animal_idx" ON "zoo_transfer_log" USING btree ("tenant_id","animal_id") WHERE transfer_status = 0;--> statement-breakpoint
CREATE INDEX "zoo_animal_identity_idx" ON "zoo_animal" USING btree ("identity_id");--> statement-breakpoint
ALTER TABLE "zoo_population" ADD CONSTRAINT "zoo_population_pending_ck" CHECK (pending_male between 0 and male_quantity and pending_female between 0 and female_quantity and pending_they between 0 and they_quantity);--> statement-breakpoint
CREATE POLICY "zoo_transfer_log_parties_read" ON "zoo_transfer_log" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = current_setting('app.tenant_id', true) or to_tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_transfer_log_sender_insert" ON "zoo_transfer_log" AS PERMISSIVE FOR INSERT TO public WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_transfer_log_parties_update" ON "zoo_transfer_log" AS PERMISSIVE FOR UPDATE TO public USING (tenant_id = current_setting('app.tenant_id', true) or to_tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true) or to_tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- The zoo directory a transfer is addressed from: code and name of every live zoo tenant, nothing else. Runs as the
-- owner (SECURITY DEFINER) because blade_tenant rows are tenant-isolated; it is the only cross-tenant read a zoo
-- user makes for transfers (decision 0022).
CREATE OR REPLACE FUNCTION zoo_directory() RETURNS TABLE (tenant_id varchar, tenant_name varchar)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT t.tenant_id, t.tenant_name FROM blade_tenant t WHERE t.is_deleted = 0 AND t.tenant_id <> '000000' ORDER BY t.tenant_id
$$;
