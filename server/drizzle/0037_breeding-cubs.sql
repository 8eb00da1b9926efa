CREATE TABLE "zoo_breed_contra" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"method" integer NOT NULL,
	"product" varchar(100) DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"expected_end" date,
	"reversal_date" date,
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
ALTER TABLE "zoo_breed_contra" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_breed_cub_log" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"cub_id" bigint NOT NULL,
	"litter_id" bigint NOT NULL,
	"log_time" timestamp(0) NOT NULL,
	"kind" integer NOT NULL,
	"feed_type" integer,
	"volume_ml" numeric(10, 2),
	"placement" integer,
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
ALTER TABLE "zoo_breed_cub_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_breed_litter" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"dam_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"birth_date" date NOT NULL,
	"cage_id" bigint NOT NULL,
	"sire_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cubs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stillborn" integer DEFAULT 0 NOT NULL,
	"rearing" integer DEFAULT 1 NOT NULL,
	"stock_log_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
ALTER TABLE "zoo_breed_litter" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_breed_pregnancy" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"female_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"check_date" date NOT NULL,
	"method" integer NOT NULL,
	"preg_status" integer NOT NULL,
	"evidence" varchar(500) DEFAULT '' NOT NULL,
	"expected_from" date,
	"expected_to" date,
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
ALTER TABLE "zoo_breed_pregnancy" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "zoo_breed_contra_animal_idx" ON "zoo_breed_contra" USING btree ("tenant_id","animal_id","start_date");--> statement-breakpoint
CREATE INDEX "zoo_breed_cub_log_cub_idx" ON "zoo_breed_cub_log" USING btree ("tenant_id","cub_id","log_time");--> statement-breakpoint
CREATE INDEX "zoo_breed_litter_dam_idx" ON "zoo_breed_litter" USING btree ("tenant_id","dam_id","birth_date");--> statement-breakpoint
CREATE INDEX "zoo_breed_litter_species_idx" ON "zoo_breed_litter" USING btree ("tenant_id","species_id","birth_date");--> statement-breakpoint
CREATE INDEX "zoo_breed_pregnancy_female_idx" ON "zoo_breed_pregnancy" USING btree ("tenant_id","female_id","check_date");--> statement-breakpoint
CREATE POLICY "zoo_breed_contra_tenant_isolation" ON "zoo_breed_contra" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_breed_cub_log_tenant_isolation" ON "zoo_breed_cub_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_breed_litter_tenant_isolation" ON "zoo_breed_litter" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_breed_pregnancy_tenant_isolation" ON "zoo_breed_pregnancy" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));