DROP INDEX "zoo_med_lab_ref_uq";--> statement-breakpoint
ALTER TABLE "zoo_med_lab_ref" ADD COLUMN "sex" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zoo_med_lab_ref" ADD COLUMN "age_min_months" integer;--> statement-breakpoint
ALTER TABLE "zoo_med_lab_ref" ADD COLUMN "age_max_months" integer;--> statement-breakpoint
CREATE INDEX "zoo_med_lab_ref_test_idx" ON "zoo_med_lab_ref" USING btree ("tenant_id","species_id",lower("test_name"),lower("unit")) WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_med_lab_ref_uq" ON "zoo_med_lab_ref" USING btree ("tenant_id","species_id",lower("test_name"),lower("unit"),"sex") WHERE is_deleted = 0 and age_min_months is null and age_max_months is null;--> statement-breakpoint
ALTER TABLE "zoo_med_lab_ref" ADD CONSTRAINT "zoo_med_lab_ref_sex_ck" CHECK (sex in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "zoo_med_lab_ref" ADD CONSTRAINT "zoo_med_lab_ref_age_ck" CHECK ((age_min_months is null or age_min_months >= 0) and (age_max_months is null or age_max_months > coalesce(age_min_months, 0)));--> statement-breakpoint
CREATE INDEX "zoo_med_necropsy_animal_idx" ON "zoo_med_necropsy" USING btree ("tenant_id","animal_id");