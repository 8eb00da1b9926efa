CREATE TABLE "zoo_stock_log" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"movement_type" varchar(16) NOT NULL,
	"animal_type" integer NOT NULL,
	"species_id" bigint NOT NULL,
	"animal_id" bigint,
	"population_id" bigint,
	"to_population_id" bigint,
	"from_cage_id" bigint,
	"to_cage_id" bigint,
	"male_quantity" integer DEFAULT 0 NOT NULL,
	"female_quantity" integer DEFAULT 0 NOT NULL,
	"they_quantity" integer DEFAULT 0 NOT NULL,
	"from_before" integer[],
	"from_after" integer[],
	"to_before" integer[],
	"to_after" integer[],
	"status_before" integer,
	"status_after" integer,
	"event_date" timestamp(0) NOT NULL,
	"type_key" varchar(16) DEFAULT '' NOT NULL,
	"counterpart" varchar(200) DEFAULT '' NOT NULL,
	"price" double precision,
	"back_date" timestamp(0),
	"permit_no" varchar(100) DEFAULT '' NOT NULL,
	"reason" varchar(1000) DEFAULT '' NOT NULL,
	"images" text DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"reversed_id" bigint,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	CONSTRAINT "zoo_stock_log_quantities_ck" CHECK (male_quantity >= 0 and female_quantity >= 0 and they_quantity >= 0)
);
--> statement-breakpoint
ALTER TABLE "zoo_stock_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "zoo_stock_log_animal_idx" ON "zoo_stock_log" USING btree ("tenant_id","animal_id","id");--> statement-breakpoint
CREATE INDEX "zoo_stock_log_pop_idx" ON "zoo_stock_log" USING btree ("tenant_id","population_id","id");--> statement-breakpoint
CREATE INDEX "zoo_stock_log_to_pop_idx" ON "zoo_stock_log" USING btree ("tenant_id","to_population_id","id");--> statement-breakpoint
CREATE INDEX "zoo_stock_log_species_idx" ON "zoo_stock_log" USING btree ("tenant_id","species_id","event_date");--> statement-breakpoint
CREATE INDEX "zoo_stock_log_date_idx" ON "zoo_stock_log" USING btree ("tenant_id","event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_stock_log_reversed_uq" ON "zoo_stock_log" USING btree ("tenant_id","reversed_id") WHERE reversed_id is not null;--> statement-breakpoint
CREATE POLICY "zoo_stock_log_tenant_isolation" ON "zoo_stock_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- The ledger is append-only: a correction is a compensating row, never an edit (issue 11).
CREATE OR REPLACE FUNCTION zoo_stock_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'zoo_stock_log is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER zoo_stock_log_append_only BEFORE UPDATE OR DELETE ON "zoo_stock_log" FOR EACH ROW EXECUTE FUNCTION zoo_stock_log_append_only();
--> statement-breakpoint
-- Stock registered before the ledger existed gets an opening (census) row, so replaying the ledger gives today's stock.
INSERT INTO zoo_stock_log (tenant_id, movement_type, animal_type, species_id, animal_id, to_cage_id, male_quantity, female_quantity, they_quantity,
  to_before, to_after, status_before, status_after, event_date, remark, create_user, create_time)
SELECT tenant_id, 'census', 1, species_id, id, cage_id,
  CASE WHEN status = 1 AND sex = 1 THEN 1 ELSE 0 END, CASE WHEN status = 1 AND sex = 2 THEN 1 ELSE 0 END, CASE WHEN status = 1 AND sex NOT IN (1, 2) THEN 1 ELSE 0 END,
  ARRAY[0, 0, 0], ARRAY[CASE WHEN status = 1 AND sex = 1 THEN 1 ELSE 0 END, CASE WHEN status = 1 AND sex = 2 THEN 1 ELSE 0 END, CASE WHEN status = 1 AND sex NOT IN (1, 2) THEN 1 ELSE 0 END],
  0, status, create_time, '存栏变动启用前的档案', create_user, create_time
FROM zoo_animal WHERE is_deleted = 0;--> statement-breakpoint
INSERT INTO zoo_stock_log (tenant_id, movement_type, animal_type, species_id, to_population_id, to_cage_id, male_quantity, female_quantity, they_quantity,
  to_before, to_after, event_date, remark, create_user, create_time)
SELECT tenant_id, 'census', 2, species_id, id, cage_id, male_quantity, female_quantity, they_quantity,
  ARRAY[0, 0, 0], ARRAY[male_quantity, female_quantity, they_quantity], create_time, '存栏变动启用前的档案', create_user, create_time
FROM zoo_population WHERE is_deleted = 0 AND male_quantity + female_quantity + they_quantity > 0;
