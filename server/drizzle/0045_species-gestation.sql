ALTER TABLE "zoo_species" ADD COLUMN "gestation_min_days" integer;--> statement-breakpoint
ALTER TABLE "zoo_species" ADD COLUMN "gestation_max_days" integer;--> statement-breakpoint
ALTER TABLE "zoo_tenant_species" ADD COLUMN "gestation_min_days" integer;--> statement-breakpoint
ALTER TABLE "zoo_tenant_species" ADD COLUMN "gestation_max_days" integer;--> statement-breakpoint
ALTER TABLE "zoo_species" ADD CONSTRAINT "zoo_species_gestation_ck" CHECK ((gestation_min_days is null and gestation_max_days is null) or (gestation_min_days between 1 and 1000 and gestation_max_days between gestation_min_days and 1000));--> statement-breakpoint
ALTER TABLE "zoo_tenant_species" ADD CONSTRAINT "zoo_tenant_species_gestation_ck" CHECK ((gestation_min_days is null and gestation_max_days is null) or (gestation_min_days between 1 and 1000 and gestation_max_days between gestation_min_days and 1000));--> statement-breakpoint
-- The ranges the product knew as a table by latin name (decision 0042) become the library's values; the seed fills
-- a fresh database from the same table (src/seed/zoo-species-gestation.ts), so both agree.
UPDATE "zoo_species" AS s SET "gestation_min_days" = g.lo, "gestation_max_days" = g.hi
  FROM (VALUES
    ('Ailuropoda melanoleuca', 83, 200),
    ('Ailurus fulgens', 112, 158),
    ('Panthera tigris altaica', 93, 111),
    ('Grus japonensis', 29, 34)
  ) AS g(latin, lo, hi)
 WHERE s."latin_name" = g.latin AND s."gestation_min_days" IS NULL AND s."gestation_max_days" IS NULL;
