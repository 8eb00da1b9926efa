CREATE TABLE "zoo_diet_plan" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_type" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"feedings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_diet_plan" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_feeding" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"plan_id" bigint NOT NULL,
	"feeding_no" integer NOT NULL,
	"animal_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"cage_id" bigint,
	"feed_date" date NOT NULL,
	"feed_time" varchar(5) NOT NULL,
	"food_key" varchar(50) NOT NULL,
	"planned" numeric(14, 3) NOT NULL,
	"unit" varchar(10) NOT NULL,
	"offered" numeric(14, 3) NOT NULL,
	"leftover" numeric(14, 3) DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"refuse_reason" varchar(200) DEFAULT '' NOT NULL,
	"price" numeric(14, 4),
	"keeper_id" bigint,
	"row_version" integer DEFAULT 1 NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_feeding" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_sync_receipt" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"client_key" varchar(64) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"target_id" bigint,
	"row_version" integer DEFAULT 0 NOT NULL,
	"user_id" bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_sync_receipt" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "zoo_basic_log" ADD COLUMN "row_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_diet_plan_from_uq" ON "zoo_diet_plan" USING btree ("tenant_id","animal_id","effective_from") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_feeding_day_uq" ON "zoo_feeding" USING btree ("tenant_id","plan_id","feeding_no","feed_date") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_feeding_date_idx" ON "zoo_feeding" USING btree ("tenant_id","feed_date");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_sync_receipt_key_uq" ON "zoo_sync_receipt" USING btree ("tenant_id","client_key");--> statement-breakpoint
CREATE POLICY "zoo_diet_plan_tenant_isolation" ON "zoo_diet_plan" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_feeding_tenant_isolation" ON "zoo_feeding" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_sync_receipt_tenant_isolation" ON "zoo_sync_receipt" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Row versions (decision 0046): every update of a keeper log or a feeding bumps it, whoever writes (the CRUD
-- screens, the sync endpoint, an administrator in SQL), so a device's queued edit can say which version it saw.
CREATE OR REPLACE FUNCTION zoo_bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_version := OLD.row_version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER zoo_basic_log_row_version BEFORE UPDATE ON zoo_basic_log FOR EACH ROW EXECUTE FUNCTION zoo_bump_row_version();--> statement-breakpoint
CREATE TRIGGER zoo_feeding_row_version BEFORE UPDATE ON zoo_feeding FOR EACH ROW EXECUTE FUNCTION zoo_bump_row_version();
