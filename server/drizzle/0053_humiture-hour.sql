CREATE TABLE "zoo_humiture_hour" (
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"cage_id" bigint NOT NULL,
	"hour" timestamp(0) NOT NULL,
	"t_min" double precision NOT NULL,
	"t_max" double precision NOT NULL,
	"t_sum" double precision NOT NULL,
	"h_min" double precision NOT NULL,
	"h_max" double precision NOT NULL,
	"h_sum" double precision NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "zoo_humiture_hour_pkey" PRIMARY KEY("tenant_id","cage_id","hour")
);
--> statement-breakpoint
ALTER TABLE "zoo_humiture_hour" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "zoo_humiture_hour_tenant_isolation" ON "zoo_humiture_hour" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Every insert into the readings folds its rows into their hours (decision 0057): one statement per insert
-- statement, whoever inserts (the ingestion function, the demo seed, a test), from the statement's own new rows.
-- Two batches of one cage and hour meet on the primary key and add up.
CREATE OR REPLACE FUNCTION zoo_humiture_hour_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO zoo_humiture_hour AS u (tenant_id, cage_id, hour, t_min, t_max, t_sum, h_min, h_max, h_sum, n)
  SELECT tenant_id, cage_id, date_trunc('hour', read_time), min(temperature), max(temperature), sum(temperature),
         min(humidity), max(humidity), sum(humidity), count(*)::int
    FROM new_rows
   GROUP BY 1, 2, 3
  ON CONFLICT (tenant_id, cage_id, hour) DO UPDATE
     SET t_min = least(u.t_min, excluded.t_min), t_max = greatest(u.t_max, excluded.t_max), t_sum = u.t_sum + excluded.t_sum,
         h_min = least(u.h_min, excluded.h_min), h_max = greatest(u.h_max, excluded.h_max), h_sum = u.h_sum + excluded.h_sum,
         n = u.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER zoo_humiture_hour_add AFTER INSERT ON zoo_humiture REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION zoo_humiture_hour_add();
--> statement-breakpoint
-- The readings already stored, folded once.
INSERT INTO zoo_humiture_hour (tenant_id, cage_id, hour, t_min, t_max, t_sum, h_min, h_max, h_sum, n)
SELECT tenant_id, cage_id, date_trunc('hour', read_time), min(temperature), max(temperature), sum(temperature),
       min(humidity), max(humidity), sum(humidity), count(*)::int
  FROM zoo_humiture
 GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The cage-and-time index carries the two values: the readings a chart still reads (the partial hours at the ends
-- of its range, the hours that left the band) come from the index alone, without a heap page per reading.
DROP INDEX IF EXISTS zoo_humiture_cage_time_idx;
--> statement-breakpoint
CREATE INDEX zoo_humiture_cage_time_idx ON zoo_humiture (tenant_id, cage_id, read_time) INCLUDE (temperature, humidity);
