CREATE TABLE "zoo_med_anaesthesia" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"case_id" bigint,
	"proc_date" date NOT NULL,
	"procedure" varchar(200) NOT NULL,
	"delivery" integer DEFAULT 1 NOT NULL,
	"agents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weight_id" bigint NOT NULL,
	"weight_kg" numeric(14, 4) NOT NULL,
	"induction_time" varchar(5) DEFAULT '' NOT NULL,
	"recovery_time" varchar(5) DEFAULT '' NOT NULL,
	"reversal" varchar(200) DEFAULT '' NOT NULL,
	"monitoring" varchar(1000) DEFAULT '' NOT NULL,
	"complications" varchar(500) DEFAULT '' NOT NULL,
	"out_of_range" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "zoo_med_anaesthesia" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_case" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"open_date" date NOT NULL,
	"vet_id" bigint,
	"complaint" varchar(500) NOT NULL,
	"temperature" numeric(4, 1),
	"heart_rate" integer,
	"resp_rate" integer,
	"body_condition" integer,
	"findings" varchar(2000) DEFAULT '' NOT NULL,
	"diagnosis" varchar(500) DEFAULT '' NOT NULL,
	"case_status" integer DEFAULT 1 NOT NULL,
	"close_date" date,
	"outcome" integer,
	"outcome_note" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_med_case" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_drug" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"drug_name" varchar(100) NOT NULL,
	"generic_name" varchar(100) DEFAULT '' NOT NULL,
	"form" integer DEFAULT 1 NOT NULL,
	"concentration" numeric(14, 4),
	"concentration_unit" integer DEFAULT 1 NOT NULL,
	"dose_min" numeric(12, 4),
	"dose_max" numeric(12, 4),
	"max_dose_mg" numeric(14, 2),
	"routes" varchar(100) DEFAULT '' NOT NULL,
	"withdrawal" varchar(500) DEFAULT '' NOT NULL,
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
ALTER TABLE "zoo_med_drug" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_lab" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"case_id" bigint,
	"sample_date" date NOT NULL,
	"sample_type" integer DEFAULT 1 NOT NULL,
	"laboratory" varchar(100) DEFAULT '' NOT NULL,
	"test_name" varchar(100) NOT NULL,
	"value" numeric(20, 6),
	"text_value" varchar(200) DEFAULT '' NOT NULL,
	"unit" varchar(20) DEFAULT '' NOT NULL,
	"ref_low" numeric(20, 6),
	"ref_high" numeric(20, 6),
	"flag" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "zoo_med_lab" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_treatment" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"case_id" bigint NOT NULL,
	"animal_id" bigint NOT NULL,
	"drug_id" bigint NOT NULL,
	"dose_mg_kg" numeric(12, 4) NOT NULL,
	"weight_id" bigint NOT NULL,
	"weight_kg" numeric(14, 4) NOT NULL,
	"dose_mg" numeric(16, 2) NOT NULL,
	"concentration" numeric(14, 4),
	"concentration_unit" integer DEFAULT 1 NOT NULL,
	"amount" numeric(14, 2),
	"route" integer NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"duration_days" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"out_of_range" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "zoo_med_treatment" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_vaccination" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"kind" integer DEFAULT 1 NOT NULL,
	"product" varchar(100) NOT NULL,
	"batch_no" varchar(50) DEFAULT '' NOT NULL,
	"dose" varchar(50) DEFAULT '' NOT NULL,
	"route" integer,
	"given_date" date NOT NULL,
	"next_due" date,
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
ALTER TABLE "zoo_med_vaccination" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_weight" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"weigh_date" date NOT NULL,
	"weight_kg" numeric(14, 4) NOT NULL,
	"unit" varchar(4) DEFAULT 'kg' NOT NULL,
	"method" integer DEFAULT 1 NOT NULL,
	"body_condition" integer,
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
ALTER TABLE "zoo_med_weight" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "zoo_med_anaesthesia_animal_idx" ON "zoo_med_anaesthesia" USING btree ("tenant_id","animal_id","proc_date");--> statement-breakpoint
CREATE INDEX "zoo_med_case_animal_idx" ON "zoo_med_case" USING btree ("tenant_id","animal_id","open_date");--> statement-breakpoint
CREATE INDEX "zoo_med_case_status_idx" ON "zoo_med_case" USING btree ("tenant_id","case_status") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_med_lab_animal_idx" ON "zoo_med_lab" USING btree ("tenant_id","animal_id","sample_date");--> statement-breakpoint
CREATE INDEX "zoo_med_lab_case_idx" ON "zoo_med_lab" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "zoo_med_treatment_case_idx" ON "zoo_med_treatment" USING btree ("tenant_id","case_id");--> statement-breakpoint
CREATE INDEX "zoo_med_treatment_animal_idx" ON "zoo_med_treatment" USING btree ("tenant_id","animal_id","start_date");--> statement-breakpoint
CREATE INDEX "zoo_med_vaccination_animal_idx" ON "zoo_med_vaccination" USING btree ("tenant_id","animal_id","given_date");--> statement-breakpoint
CREATE INDEX "zoo_med_vaccination_due_idx" ON "zoo_med_vaccination" USING btree ("tenant_id","next_due") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_med_weight_animal_idx" ON "zoo_med_weight" USING btree ("tenant_id","animal_id","weigh_date");--> statement-breakpoint
CREATE POLICY "zoo_med_anaesthesia_tenant_isolation" ON "zoo_med_anaesthesia" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_case_tenant_isolation" ON "zoo_med_case" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_drug_tenant_isolation" ON "zoo_med_drug" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_lab_tenant_isolation" ON "zoo_med_lab" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_treatment_tenant_isolation" ON "zoo_med_treatment" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_vaccination_tenant_isolation" ON "zoo_med_vaccination" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_weight_tenant_isolation" ON "zoo_med_weight" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));