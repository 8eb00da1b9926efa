CREATE TABLE "zoo_breed_paternity" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"cub_id" bigint NOT NULL,
	"litter_id" bigint NOT NULL,
	"test_date" date NOT NULL,
	"method" integer NOT NULL,
	"lab" varchar(100) DEFAULT '' NOT NULL,
	"candidate_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sire_id" bigint,
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
ALTER TABLE "zoo_breed_paternity" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "zoo_species" ADD COLUMN "breeding_age_years" integer;--> statement-breakpoint
ALTER TABLE "zoo_tenant_species" ADD COLUMN "breeding_age_years" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_breed_paternity_cub_uq" ON "zoo_breed_paternity" USING btree ("tenant_id","cub_id") WHERE is_deleted = 0;--> statement-breakpoint
ALTER TABLE "zoo_species" ADD CONSTRAINT "zoo_species_breeding_age_ck" CHECK (breeding_age_years is null or breeding_age_years between 0 and 60);--> statement-breakpoint
ALTER TABLE "zoo_tenant_species" ADD CONSTRAINT "zoo_tenant_species_breeding_age_ck" CHECK (breeding_age_years is null or breeding_age_years between 0 and 60);--> statement-breakpoint
CREATE POLICY "zoo_breed_paternity_tenant_isolation" ON "zoo_breed_paternity" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
ALTER TABLE "zoo_breed_litter" ADD COLUMN "eggs_laid" integer;--> statement-breakpoint
ALTER TABLE "zoo_breed_litter" ADD COLUMN "eggs_fertile" integer;--> statement-breakpoint
ALTER TABLE "zoo_breed_litter" ADD COLUMN "eggs_hatched" integer;--> statement-breakpoint
ALTER TABLE "zoo_breed_litter" ADD CONSTRAINT "zoo_breed_litter_eggs_ck" CHECK (coalesce(eggs_hatched, 0) <= coalesce(eggs_fertile, eggs_laid, 100) and coalesce(eggs_fertile, 0) <= coalesce(eggs_laid, 100));--> statement-breakpoint
-- The breeding ages the product knew as a table by latin name (decision 0042) become the library's values; the seed
-- fills a fresh database from the same figures (src/seed/zoo-species-gestation.ts), so both agree.
UPDATE "zoo_species" AS s SET "breeding_age_years" = b.age
  FROM (VALUES
    ('Ailuropoda melanoleuca', 4),
    ('Ailurus fulgens', 2),
    ('Panthera tigris altaica', 3),
    ('Grus japonensis', 3)
  ) AS b(latin, age)
 WHERE s."latin_name" = b.latin AND s."breeding_age_years" IS NULL;
