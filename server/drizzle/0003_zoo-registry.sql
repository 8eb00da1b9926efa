CREATE TABLE "zoo_animal" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"species_id" bigint NOT NULL,
	"local_no" varchar(50) NOT NULL,
	"animal_name" varchar(100) DEFAULT '' NOT NULL,
	"sex" integer DEFAULT 3 NOT NULL,
	"birth_date" timestamp(0),
	"birth_precision" integer DEFAULT 4 NOT NULL,
	"origin" integer DEFAULT 3 NOT NULL,
	"sire_id" bigint,
	"sire_mark" varchar(8) DEFAULT 'UNK' NOT NULL,
	"dam_id" bigint,
	"dam_mark" varchar(8) DEFAULT 'UNK' NOT NULL,
	"cage_id" bigint,
	"breeder_id" bigint,
	"photos" text DEFAULT '' NOT NULL,
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
ALTER TABLE "zoo_animal" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_animal_flag" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"flag_type" integer NOT NULL,
	"code" varchar(64) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"iso_compliant" integer,
	"issue_date" timestamp(0),
	"issuer" varchar(100) DEFAULT '' NOT NULL,
	"void_time" timestamp(0),
	"void_reason" varchar(255) DEFAULT '' NOT NULL,
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
ALTER TABLE "zoo_animal_flag" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_biz_attach" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"biz_type" varchar(32) NOT NULL,
	"biz_id" bigint NOT NULL,
	"attach_id" bigint,
	"link" varchar(1000) NOT NULL,
	"original_name" varchar(255) DEFAULT '' NOT NULL,
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
ALTER TABLE "zoo_biz_attach" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_cage" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"venue_id" bigint NOT NULL,
	"cage_code" varchar(50) NOT NULL,
	"cage_name" varchar(100) NOT NULL,
	"cage_type" integer DEFAULT 1 NOT NULL,
	"area" double precision,
	"capacity" integer,
	"camera_url" varchar(1000) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "zoo_cage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_cage_breeder" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"cage_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
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
ALTER TABLE "zoo_cage_breeder" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_park" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"park_name" varchar(100) NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"linkman" varchar(50) DEFAULT '' NOT NULL,
	"contact_number" varchar(30) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "zoo_park" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_population" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"species_id" bigint NOT NULL,
	"cage_id" bigint NOT NULL,
	"population_name" varchar(100) DEFAULT '' NOT NULL,
	"male_quantity" integer DEFAULT 0 NOT NULL,
	"female_quantity" integer DEFAULT 0 NOT NULL,
	"they_quantity" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zoo_population_quantities_ck" CHECK (male_quantity >= 0 and female_quantity >= 0 and they_quantity >= 0)
);
--> statement-breakpoint
ALTER TABLE "zoo_population" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_population_animal" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"population_id" bigint NOT NULL,
	"animal_id" bigint NOT NULL,
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
ALTER TABLE "zoo_population_animal" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_species" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"species_name" varchar(100) NOT NULL,
	"latin_name" varchar(200) NOT NULL,
	"taxonomy_id" bigint,
	"protection_class" integer DEFAULT 0 NOT NULL,
	"protection_authority" integer DEFAULT 0 NOT NULL,
	"protection_remark" varchar(255) DEFAULT '' NOT NULL,
	"cites_appendix" varchar(8) DEFAULT 'none' NOT NULL,
	"iucn_category" varchar(2) DEFAULT 'NE' NOT NULL,
	"iucn_year" integer,
	"iucn_criteria" varchar(100) DEFAULT '' NOT NULL,
	"management_mode" integer DEFAULT 1 NOT NULL,
	"temp_min" double precision,
	"temp_max" double precision,
	"humidity_min" double precision,
	"humidity_max" double precision,
	"source" varchar(16) DEFAULT 'unverified' NOT NULL,
	"source_note" varchar(500) DEFAULT '' NOT NULL,
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
CREATE TABLE "zoo_taxonomy" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"rank" integer NOT NULL,
	"name_cn" varchar(100) NOT NULL,
	"name_latin" varchar(200) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"source" varchar(255) DEFAULT '' NOT NULL,
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
CREATE TABLE "zoo_tenant_species" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"species_id" bigint NOT NULL,
	"licence_no" varchar(100) NOT NULL,
	"issuing_authority" varchar(100) NOT NULL,
	"valid_from" timestamp(0) NOT NULL,
	"valid_to" timestamp(0),
	"approved_quantity" integer,
	"local_name" varchar(100) DEFAULT '' NOT NULL,
	"local_remark" varchar(500) DEFAULT '' NOT NULL,
	"management_mode" integer,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_tenant_species" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_venue" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"park_id" bigint NOT NULL,
	"venue_name" varchar(100) NOT NULL,
	"area" double precision,
	"sort" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "zoo_venue" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_venue_contacts" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"venue_id" bigint NOT NULL,
	"contact_name" varchar(50) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"position" varchar(50) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "zoo_venue_contacts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_animal_local_no_uq" ON "zoo_animal" USING btree ("tenant_id","local_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_animal_species_idx" ON "zoo_animal" USING btree ("tenant_id","species_id");--> statement-breakpoint
CREATE INDEX "zoo_animal_cage_idx" ON "zoo_animal" USING btree ("tenant_id","cage_id");--> statement-breakpoint
CREATE INDEX "zoo_animal_sire_idx" ON "zoo_animal" USING btree ("tenant_id","sire_id");--> statement-breakpoint
CREATE INDEX "zoo_animal_dam_idx" ON "zoo_animal" USING btree ("tenant_id","dam_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_animal_flag_current_uq" ON "zoo_animal_flag" USING btree ("tenant_id","animal_id","flag_type") WHERE is_deleted = 0 and void_time is null;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_animal_flag_version_uq" ON "zoo_animal_flag" USING btree ("tenant_id","animal_id","flag_type","version") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_animal_flag_code_idx" ON "zoo_animal_flag" USING btree ("tenant_id","flag_type","code");--> statement-breakpoint
CREATE INDEX "zoo_biz_attach_biz_idx" ON "zoo_biz_attach" USING btree ("tenant_id","biz_type","biz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_cage_code_uq" ON "zoo_cage" USING btree ("tenant_id","cage_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_cage_venue_idx" ON "zoo_cage" USING btree ("tenant_id","venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_cage_breeder_uq" ON "zoo_cage_breeder" USING btree ("tenant_id","cage_id","user_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_park_name_uq" ON "zoo_park" USING btree ("tenant_id","park_name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_population_cage_species_uq" ON "zoo_population" USING btree ("tenant_id","cage_id","species_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_population_species_idx" ON "zoo_population" USING btree ("tenant_id","species_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_population_animal_uq" ON "zoo_population_animal" USING btree ("tenant_id","population_id","animal_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_species_latin_uq" ON "zoo_species" USING btree ("latin_name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_species_taxonomy_idx" ON "zoo_species" USING btree ("taxonomy_id");--> statement-breakpoint
CREATE INDEX "zoo_taxonomy_parent_idx" ON "zoo_taxonomy" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_taxonomy_name_uq" ON "zoo_taxonomy" USING btree ("parent_id","name_latin") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_tenant_species_uq" ON "zoo_tenant_species" USING btree ("tenant_id","species_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_venue_name_uq" ON "zoo_venue" USING btree ("tenant_id","park_id","venue_name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_venue_contacts_venue_idx" ON "zoo_venue_contacts" USING btree ("tenant_id","venue_id");--> statement-breakpoint
CREATE POLICY "zoo_animal_tenant_isolation" ON "zoo_animal" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_animal_flag_tenant_isolation" ON "zoo_animal_flag" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_biz_attach_tenant_isolation" ON "zoo_biz_attach" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_cage_tenant_isolation" ON "zoo_cage" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_cage_breeder_tenant_isolation" ON "zoo_cage_breeder" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_park_tenant_isolation" ON "zoo_park" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_population_tenant_isolation" ON "zoo_population" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_population_animal_tenant_isolation" ON "zoo_population_animal" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_tenant_species_tenant_isolation" ON "zoo_tenant_species" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_venue_tenant_isolation" ON "zoo_venue" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_venue_contacts_tenant_isolation" ON "zoo_venue_contacts" AS PERMISSIVE FOR ALL TO public USING (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (current_setting('app.all_tenants', true) = 'on' or tenant_id = current_setting('app.tenant_id', true));