CREATE TABLE "zoo_studbook" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"species_id" bigint NOT NULL,
	"studbook_name" varchar(100) NOT NULL,
	"scope" integer DEFAULT 1 NOT NULL,
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
CREATE TABLE "zoo_studbook_keeper" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"keeper_tenant_id" varchar(12) NOT NULL,
	"species_id" bigint NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zoo_studbook_no" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"studbook_id" bigint NOT NULL,
	"identity_id" bigint NOT NULL,
	"studbook_no" varchar(20) NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zoo_studbook_snapshot" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"species_id" bigint NOT NULL,
	"snapshot_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"living" integer NOT NULL,
	"founders" integer NOT NULL,
	"gd" double precision NOT NULL,
	"fge" double precision NOT NULL,
	"mean_f" double precision NOT NULL,
	"mean_mk" double precision NOT NULL,
	"source" integer DEFAULT 2 NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "zoo_animal" ADD COLUMN "sire_identity_id" bigint;--> statement-breakpoint
ALTER TABLE "zoo_animal" ADD COLUMN "dam_identity_id" bigint;--> statement-breakpoint
ALTER TABLE "zoo_animal" ADD COLUMN "sire_candidates" jsonb;--> statement-breakpoint
ALTER TABLE "zoo_animal" ADD COLUMN "dam_candidates" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_studbook_species_scope_uq" ON "zoo_studbook" USING btree ("species_id","scope") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_studbook_keeper_uq" ON "zoo_studbook_keeper" USING btree ("keeper_tenant_id","species_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_studbook_no_uq" ON "zoo_studbook_no" USING btree ("studbook_id","studbook_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_studbook_no_identity_uq" ON "zoo_studbook_no" USING btree ("studbook_id","identity_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "zoo_studbook_no_identity_idx" ON "zoo_studbook_no" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "zoo_studbook_snapshot_species_idx" ON "zoo_studbook_snapshot" USING btree ("species_id","snapshot_time");--> statement-breakpoint
CREATE INDEX "zoo_animal_species_all_idx" ON "zoo_animal" USING btree ("species_id");--> statement-breakpoint
-- Who may read a species' studbook across zoos (decision 0037): the platform tenant, or a zoo holding the
-- studbook-keeper right for that species.
CREATE OR REPLACE FUNCTION zoo_studbook_reader(p_species bigint) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT current_setting('app.tenant_id', true) = '000000'
      OR EXISTS (SELECT 1 FROM zoo_studbook_keeper k
                  WHERE k.keeper_tenant_id = current_setting('app.tenant_id', true) AND k.species_id = p_species AND k.is_deleted = 0)
$$;
--> statement-breakpoint
-- The one cross-zoo read of the studbook (decision 0037): pedigree facts of every identity of a species, whichever
-- zoo holds it now or held it last, and nothing of any zoo's internal records. One row per identity: the record in
-- stock stands for it, else the latest; parents come from the latest record that names any (a local parent record
-- resolves to its identity). Holder and studbook number are shown to readers (zoo_studbook_reader) and for the
-- caller's own animals; to other zoos the others are anonymous nodes. `record_id`, `local_no` and `animal_name`
-- are the caller's own record only.
CREATE OR REPLACE FUNCTION zoo_pedigree_facts(p_species bigint) RETURNS TABLE (
  identity_id bigint, own boolean, record_id bigint, local_no varchar, animal_name varchar, sex int, birth_date timestamp,
  alive boolean, sire_identity bigint, sire_mark varchar, sire_candidates jsonb, dam_identity bigint, dam_mark varchar,
  dam_candidates jsonb, holder_tenant varchar, holder_name varchar, studbook_no varchar)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH me AS (SELECT current_setting('app.tenant_id', true) AS t, zoo_studbook_reader(p_species) AS reader),
  recs AS (
    SELECT a.*, coalesce(a.identity_id, a.id) AS ident FROM zoo_animal a WHERE a.species_id = p_species AND a.is_deleted = 0
  ),
  holder AS (
    SELECT DISTINCT ON (r.ident) r.ident, r.tenant_id, r.sex, r.birth_date, r.status
      FROM recs r ORDER BY r.ident, (r.status = 1) DESC, r.create_time DESC, r.id DESC
  ),
  par AS (
    SELECT DISTINCT ON (r.ident) r.ident,
      coalesce(r.sire_identity_id, (SELECT coalesce(p.identity_id, p.id) FROM zoo_animal p WHERE p.id = r.sire_id)) AS sire,
      r.sire_mark, r.sire_candidates,
      coalesce(r.dam_identity_id, (SELECT coalesce(p.identity_id, p.id) FROM zoo_animal p WHERE p.id = r.dam_id)) AS dam,
      r.dam_mark, r.dam_candidates
      FROM recs r
     ORDER BY r.ident, (r.sire_id IS NOT NULL OR r.sire_identity_id IS NOT NULL OR r.dam_id IS NOT NULL OR r.dam_identity_id IS NOT NULL
                        OR r.sire_mark IN ('WILD', 'MULT') OR r.dam_mark IN ('WILD', 'MULT')) DESC, r.create_time DESC, r.id DESC
  ),
  mine AS (
    SELECT DISTINCT ON (r.ident) r.ident, r.id, r.local_no, r.animal_name FROM recs r, me
     WHERE r.tenant_id = me.t ORDER BY r.ident, (r.status = 1) DESC, r.create_time DESC, r.id DESC
  ),
  nos AS (
    SELECT DISTINCT ON (n.identity_id) n.identity_id, n.studbook_no
      FROM zoo_studbook_no n JOIN zoo_studbook s ON s.id = n.studbook_id AND s.is_deleted = 0 AND s.species_id = p_species
     WHERE n.is_deleted = 0 ORDER BY n.identity_id, s.scope, n.id
  )
  SELECT h.ident, m.id IS NOT NULL, m.id, m.local_no, m.animal_name, h.sex, h.birth_date, h.status = 1,
         p.sire, p.sire_mark, p.sire_candidates, p.dam, p.dam_mark, p.dam_candidates,
         CASE WHEN me.reader OR m.id IS NOT NULL THEN h.tenant_id ELSE '' END,
         CASE WHEN me.reader OR m.id IS NOT NULL THEN coalesce(t.tenant_name, '') ELSE '' END,
         CASE WHEN me.reader OR m.id IS NOT NULL THEN coalesce(nos.studbook_no, '') ELSE '' END
    FROM holder h CROSS JOIN me
    JOIN par p ON p.ident = h.ident
    LEFT JOIN mine m ON m.ident = h.ident
    LEFT JOIN blade_tenant t ON t.tenant_id = h.tenant_id AND t.is_deleted = 0
    LEFT JOIN nos ON nos.identity_id = h.ident
$$;
--> statement-breakpoint
-- Facts of one identity for the parent checks of an animal write (species, sex, birth date): a parent may be held
-- by another zoo (decision 0037). Nothing else of the record.
CREATE OR REPLACE FUNCTION zoo_identity_facts(p_identity bigint) RETURNS TABLE (identity_id bigint, species_id bigint, sex int, birth_date timestamp)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT DISTINCT ON (1) coalesce(a.identity_id, a.id), a.species_id, a.sex, a.birth_date FROM zoo_animal a
   WHERE (a.identity_id = p_identity OR a.id = p_identity) AND a.is_deleted = 0
   ORDER BY 1, (a.status = 1) DESC, a.create_time DESC, a.id DESC
$$;
--> statement-breakpoint
-- Descendant check across zoos for loop refusal: whether `p_candidate` descends from identity `p_ancestor`.
CREATE OR REPLACE FUNCTION zoo_identity_descends(p_species bigint, p_ancestor bigint, p_candidate bigint) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH RECURSIVE links AS (
    SELECT coalesce(a.identity_id, a.id) AS child,
           coalesce(a.sire_identity_id, (SELECT coalesce(p.identity_id, p.id) FROM zoo_animal p WHERE p.id = a.sire_id)) AS sire,
           coalesce(a.dam_identity_id, (SELECT coalesce(p.identity_id, p.id) FROM zoo_animal p WHERE p.id = a.dam_id)) AS dam,
           coalesce(a.sire_candidates, '[]'::jsonb) || coalesce(a.dam_candidates, '[]'::jsonb) AS cands
      FROM zoo_animal a WHERE a.is_deleted = 0 AND a.species_id = p_species
  ), edges AS (
    SELECT child, sire AS parent FROM links WHERE sire IS NOT NULL
    UNION SELECT child, dam FROM links WHERE dam IS NOT NULL
    UNION SELECT child, (c->>'id')::bigint FROM links, jsonb_array_elements(cands) c
  ), d(id) AS (
    SELECT child FROM edges WHERE parent = p_ancestor
    UNION SELECT e.child FROM edges e JOIN d ON e.parent = d.id
  )
  SELECT EXISTS (SELECT 1 FROM d WHERE id = p_candidate)
$$;
