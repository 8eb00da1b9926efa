-- An outside donor by studbook identity (decision 0042): a semen sample's or an AI's donor held by another zoo, a
-- litter's outside candidate sires and the one a paternity test confirms.
ALTER TABLE "zoo_breed_semen" ADD COLUMN "donor_identity_id" bigint;--> statement-breakpoint
ALTER TABLE "zoo_breed_event" ADD COLUMN "donor_identity_id" bigint;--> statement-breakpoint
ALTER TABLE "zoo_breed_litter" ADD COLUMN "sire_identity_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "zoo_breed_paternity" ADD COLUMN "candidate_identity_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "zoo_breed_paternity" ADD COLUMN "sire_identity_id" bigint;--> statement-breakpoint
CREATE TABLE "zoo_breed_egg" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"litter_id" bigint NOT NULL,
	"egg_no" integer NOT NULL,
	"laid_date" date NOT NULL,
	"weight_g" numeric(8, 2),
	"length_mm" numeric(6, 2),
	"breadth_mm" numeric(6, 2),
	"candlings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fertility" integer DEFAULT 0 NOT NULL,
	"incubation" integer,
	"incubation_start" date,
	"temp_c" numeric(4, 1),
	"humidity_pct" numeric(4, 1),
	"hatch_date" date,
	"outcome" integer,
	"chick_id" bigint,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "zoo_breed_egg_hatched_ck" CHECK (chick_id is null or outcome = 1)
);
--> statement-breakpoint
ALTER TABLE "zoo_breed_egg" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_breed_egg_no_uq" ON "zoo_breed_egg" USING btree ("tenant_id","litter_id","egg_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_breed_egg_chick_uq" ON "zoo_breed_egg" USING btree ("tenant_id","chick_id") WHERE is_deleted = 0 and chick_id is not null;--> statement-breakpoint
CREATE POLICY "zoo_breed_egg_tenant_isolation" ON "zoo_breed_egg" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Studbook cards of males held by any zoo (decision 0042): what a semen exchange's papers name of the donor — the
-- studbook number, the name and the holding zoo — and nothing else of the record. Only identities registered in a
-- studbook of their species (a studbook number) have a card; by species (the donor picker) or by identities (the
-- names of a litter's outside candidates).
CREATE OR REPLACE FUNCTION zoo_donor_cards(p_species bigint, p_ids bigint[]) RETURNS TABLE (
  identity_id bigint, species_id bigint, studbook_no varchar, animal_name varchar, holder_name varchar, own boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH h AS (
    SELECT DISTINCT ON (coalesce(a.identity_id, a.id)) coalesce(a.identity_id, a.id) AS ident, a.species_id, a.sex, a.animal_name, a.tenant_id
      FROM zoo_animal a
     WHERE a.is_deleted = 0
       AND (p_species IS NULL OR a.species_id = p_species)
       AND (p_ids IS NULL OR coalesce(a.identity_id, a.id) = ANY (p_ids))
     ORDER BY coalesce(a.identity_id, a.id), (a.status = 1) DESC, a.create_time DESC, a.id DESC
  ),
  nos AS (
    SELECT DISTINCT ON (n.identity_id) n.identity_id, n.studbook_no, s.species_id
      FROM zoo_studbook_no n JOIN zoo_studbook s ON s.id = n.studbook_id AND s.is_deleted = 0
     WHERE n.is_deleted = 0 ORDER BY n.identity_id, s.scope, n.id
  )
  SELECT h.ident, h.species_id, nos.studbook_no, h.animal_name, coalesce(t.tenant_name, ''),
         h.tenant_id = current_setting('app.tenant_id', true)
    FROM h JOIN nos ON nos.identity_id = h.ident AND nos.species_id = h.species_id
    LEFT JOIN blade_tenant t ON t.tenant_id = h.tenant_id AND t.is_deleted = 0
   WHERE h.sex = 1
   ORDER BY nos.studbook_no
$$;
