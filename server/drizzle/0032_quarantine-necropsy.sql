CREATE TABLE "zoo_med_necropsy" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"stock_log_id" bigint NOT NULL,
	"necropsy_date" date NOT NULL,
	"prosector" varchar(50) DEFAULT '' NOT NULL,
	"findings" varchar(2000) NOT NULL,
	"cause_of_death" varchar(500) NOT NULL,
	"samples" varchar(1000) DEFAULT '' NOT NULL,
	"disposal" integer NOT NULL,
	"disposal_date" date,
	"disposal_record" varchar(500) DEFAULT '' NOT NULL,
	"authority_ref" varchar(100) DEFAULT '' NOT NULL,
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
ALTER TABLE "zoo_med_necropsy" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "zoo_med_quarantine" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"animal_id" bigint NOT NULL,
	"cage_id" bigint NOT NULL,
	"stock_log_id" bigint,
	"start_date" date NOT NULL,
	"days" integer NOT NULL,
	"end_date" date NOT NULL,
	"quarantine_status" integer DEFAULT 1 NOT NULL,
	"release_date" date,
	"release_vet_id" bigint,
	"findings" varchar(1000) DEFAULT '' NOT NULL,
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
ALTER TABLE "zoo_med_quarantine" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "zoo_med_drug" ADD COLUMN "taxon_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_med_necropsy_death_uq" ON "zoo_med_necropsy" USING btree ("tenant_id","stock_log_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_med_quarantine_open_uq" ON "zoo_med_quarantine" USING btree ("tenant_id","animal_id") WHERE is_deleted = 0 and quarantine_status = 1;--> statement-breakpoint
CREATE INDEX "zoo_med_quarantine_animal_idx" ON "zoo_med_quarantine" USING btree ("tenant_id","animal_id","start_date");--> statement-breakpoint
CREATE POLICY "zoo_med_necropsy_tenant_isolation" ON "zoo_med_necropsy" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "zoo_med_quarantine_tenant_isolation" ON "zoo_med_quarantine" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Zoos created before veterinary care: their administrator role (holding 动物园管理) gets the medical menus that
-- exist now (decision 0038); the seed grants the ones it adds later. Once, here, so that a grant removed later stays removed.
WITH RECURSIVE medical AS (
  SELECT id FROM blade_menu WHERE code = 'vet' AND is_deleted = 0
  UNION ALL
  SELECT m.id FROM blade_menu m JOIN medical p ON m.parent_id = p.id WHERE m.is_deleted = 0
)
INSERT INTO blade_role_menu (tenant_id, role_id, menu_id)
SELECT r.tenant_id, r.id, medical.id
  FROM blade_role r CROSS JOIN medical
 WHERE r.is_deleted = 0 AND r.tenant_id <> '000000' AND r.role_alias = 'admin'
   AND EXISTS (SELECT 1 FROM blade_role_menu g JOIN blade_menu z ON z.id = g.menu_id
                WHERE g.role_id = r.id AND z.code = 'zoo' AND z.is_deleted = 0)
ON CONFLICT DO NOTHING;
