CREATE TABLE "zoo_breed_event" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"female_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"kind" integer NOT NULL,
	"event_date" date NOT NULL,
	"sire_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_time" varchar(5) DEFAULT '' NOT NULL,
	"end_time" varchar(5) DEFAULT '' NOT NULL,
	"copulations" integer,
	"outcome" integer,
	"semen_id" bigint,
	"method" integer,
	"straws" integer,
	"dose_ml" numeric(10, 3),
	"motility" integer,
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
ALTER TABLE "zoo_breed_event" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_breed_oestrus" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"species_id" bigint NOT NULL,
	"obs_date" date NOT NULL,
	"signs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vulva_score" integer,
	"oestrogen" numeric(14, 4),
	"oestrogen_unit" varchar(16) DEFAULT 'ng/mg Cr' NOT NULL,
	"progesterone" numeric(14, 4),
	"progesterone_unit" varchar(16) DEFAULT 'ng/mg Cr' NOT NULL,
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
ALTER TABLE "zoo_breed_oestrus" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_breed_semen" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"sample_no" varchar(50) NOT NULL,
	"species_id" bigint NOT NULL,
	"donor_animal_id" bigint,
	"donor_name" varchar(100) DEFAULT '' NOT NULL,
	"donor_studbook_no" varchar(50) DEFAULT '' NOT NULL,
	"collect_date" date NOT NULL,
	"collect_place" varchar(100) DEFAULT '' NOT NULL,
	"straws" integer DEFAULT 0 NOT NULL,
	"tank" varchar(50) DEFAULT '' NOT NULL,
	"position" varchar(50) DEFAULT '' NOT NULL,
	"motility" integer,
	"transfer_date" date,
	"transfer_to" varchar(100) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zoo_breed_semen_straws_ck" CHECK ("zoo_breed_semen"."straws" >= 0)
);
--> statement-breakpoint
ALTER TABLE "zoo_breed_semen" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "zoo_breed_event_female_idx" ON "zoo_breed_event" USING btree ("tenant_id","female_id","event_date");--> statement-breakpoint
CREATE INDEX "zoo_breed_event_species_idx" ON "zoo_breed_event" USING btree ("tenant_id","species_id","event_date");--> statement-breakpoint
CREATE INDEX "zoo_breed_oestrus_animal_idx" ON "zoo_breed_oestrus" USING btree ("tenant_id","animal_id","obs_date");--> statement-breakpoint
CREATE INDEX "zoo_breed_semen_species_idx" ON "zoo_breed_semen" USING btree ("tenant_id","species_id");--> statement-breakpoint
CREATE POLICY "zoo_breed_event_tenant_isolation" ON "zoo_breed_event" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_breed_oestrus_tenant_isolation" ON "zoo_breed_oestrus" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_breed_semen_tenant_isolation" ON "zoo_breed_semen" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));