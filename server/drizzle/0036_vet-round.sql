CREATE TABLE "zoo_med_administration" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"treatment_id" bigint NOT NULL,
	"animal_id" bigint NOT NULL,
	"due_date" date NOT NULL,
	"slot" integer NOT NULL,
	"admin_status" integer NOT NULL,
	"given_time" varchar(5) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_med_administration" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_group_treatment" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"population_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"drug_id" bigint NOT NULL,
	"treat_date" date NOT NULL,
	"count_treated" integer NOT NULL,
	"route" integer NOT NULL,
	"dose_text" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_med_group_treatment" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_weight_ref" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"species_id" bigint NOT NULL,
	"age_days" integer NOT NULL,
	"weight_kg" numeric(14, 4) NOT NULL,
	"source" varchar(200) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_med_weight_ref" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "zoo_med_case" ADD COLUMN "basic_log_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_med_administration_slot_uq" ON "zoo_med_administration" USING btree ("tenant_id","treatment_id","due_date","slot") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_med_administration_animal_idx" ON "zoo_med_administration" USING btree ("tenant_id","animal_id","due_date");--> statement-breakpoint
CREATE INDEX "zoo_med_group_treatment_pop_idx" ON "zoo_med_group_treatment" USING btree ("tenant_id","population_id","treat_date");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_med_weight_ref_uq" ON "zoo_med_weight_ref" USING btree ("tenant_id","species_id","age_days") WHERE is_deleted = 0;--> statement-breakpoint
CREATE POLICY "zoo_med_administration_tenant_isolation" ON "zoo_med_administration" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_group_treatment_tenant_isolation" ON "zoo_med_group_treatment" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_weight_ref_tenant_isolation" ON "zoo_med_weight_ref" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));