-- Environment alarms close with hysteresis (decision 0029): an open alarm counts the consecutive readings back
-- inside the band by the dead-band margin; it closes when the count reaches the configured number.
ALTER TABLE "zoo_humiture_alarm" ADD COLUMN "clear_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One kind (1 temperature, 2 humidity) of one cage's alarm state, walked through a batch of readings in time
-- order: a reading outside [lo, hi] opens an alarm at once (with a notice for each keeper of the cage) or moves
-- the open one's peak; a reading inside [lo + margin, hi − margin] counts towards closing, and `clear` of them in
-- a row close it at the last one's time; a reading inside the band but within the margin resets the count. The
-- margin is clamped to half the band so that a narrow band can still close. No band (no species with a range in
-- the cage): the open alarm closes, nothing is left to breach. Runs on the owner's connection (sensors have no
-- tenant session): every statement names the tenant and cage the key gave.
CREATE OR REPLACE FUNCTION zoo_humiture_alarm_track(p_tenant varchar, p_cage bigint, p_kind integer, p_lo float8, p_hi float8,
    p_margin float8, p_clear integer, p_readings jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a_id bigint;
  a_peak float8;
  a_run integer;
  a_start timestamp;
  a_lo float8;
  a_hi float8;
  m float8 := greatest(coalesce(p_margin, 0), 0);
  need integer := greatest(coalesce(p_clear, 1), 1);
  r record;
  dist float8;
BEGIN
  SELECT id, peak, clear_run, start_time, range_min, range_max INTO a_id, a_peak, a_run, a_start, a_lo, a_hi
    FROM zoo_humiture_alarm
   WHERE tenant_id = p_tenant AND cage_id = p_cage AND kind = p_kind AND end_time IS NULL AND is_deleted = 0
     FOR UPDATE;
  IF p_lo IS NULL AND p_hi IS NULL THEN
    IF a_id IS NOT NULL THEN
      UPDATE zoo_humiture_alarm
         SET end_time = greatest(a_start, (SELECT max(coalesce(x.time::timestamp, date_trunc('second', localtimestamp)))
                                             FROM jsonb_to_recordset(p_readings) AS x(time text))),
             clear_run = 0
       WHERE id = a_id;
    END IF;
    RETURN;
  END IF;
  IF p_lo IS NOT NULL AND p_hi IS NOT NULL THEN
    m := least(m, (p_hi - p_lo) / 2);
  END IF;
  FOR r IN SELECT coalesce(x.time::timestamp, date_trunc('second', localtimestamp)) AS t,
                  CASE WHEN p_kind = 1 THEN x.temperature ELSE x.humidity END AS v
             FROM jsonb_to_recordset(p_readings) AS x(time text, temperature float8, humidity float8)
            ORDER BY 1
  LOOP
    CONTINUE WHEN r.v IS NULL;
    dist := greatest(p_lo - r.v, r.v - p_hi, 0);
    IF dist > 0 THEN
      IF a_id IS NULL THEN
        INSERT INTO zoo_humiture_alarm (tenant_id, cage_id, kind, value, peak, range_min, range_max, start_time)
        VALUES (p_tenant, p_cage, p_kind, r.v, r.v, p_lo, p_hi, r.t)
        ON CONFLICT (tenant_id, cage_id, kind) WHERE end_time IS NULL AND is_deleted = 0 DO NOTHING
        RETURNING id, peak, start_time, range_min, range_max INTO a_id, a_peak, a_start, a_lo, a_hi;
        IF a_id IS NULL THEN
          -- Another batch of this cage opened one meanwhile (it has committed: the insert waited for it).
          SELECT id, peak, start_time, range_min, range_max INTO a_id, a_peak, a_start, a_lo, a_hi
            FROM zoo_humiture_alarm
           WHERE tenant_id = p_tenant AND cage_id = p_cage AND kind = p_kind AND end_time IS NULL AND is_deleted = 0
             FOR UPDATE;
        ELSE
          INSERT INTO zoo_humiture_alarm_notice (tenant_id, alarm_id, user_id)
          SELECT p_tenant, a_id, b.user_id FROM zoo_cage_breeder b
           WHERE b.tenant_id = p_tenant AND b.cage_id = p_cage AND b.is_deleted = 0
          ON CONFLICT DO NOTHING;
        END IF;
      END IF;
      IF dist > greatest(a_lo - a_peak, a_peak - a_hi, 0) THEN
        a_peak := r.v;
      END IF;
      a_run := 0;
    ELSIF a_id IS NOT NULL THEN
      IF (p_lo IS NULL OR r.v >= p_lo + m) AND (p_hi IS NULL OR r.v <= p_hi - m) THEN
        a_run := a_run + 1;
        IF a_run >= need THEN
          UPDATE zoo_humiture_alarm SET peak = a_peak, clear_run = 0, end_time = greatest(r.t, a_start) WHERE id = a_id;
          a_id := NULL;
        END IF;
      ELSE
        a_run := 0;
      END IF;
    END IF;
  END LOOP;
  IF a_id IS NOT NULL THEN
    UPDATE zoo_humiture_alarm SET peak = a_peak, clear_run = a_run
     WHERE id = a_id AND (peak IS DISTINCT FROM a_peak OR clear_run IS DISTINCT FROM a_run);
  END IF;
END
$$;--> statement-breakpoint
-- A sensor's batch (decision 0015, 0024, 0029): the device key names the tenant and cage (-1: wrong, revoked or
-- deleted key, or a removed cage — nothing is written), the readings go in, and the cage's alarms follow them,
-- all in the caller's one statement. A function rather than one long statement: PL/pgSQL keeps its statements'
-- plans per connection, where the statement cost ~1.5 ms of parse and planning per batch, more than running it.
CREATE OR REPLACE FUNCTION zoo_humiture_ingest(p_key_id text, p_key_hash text, p_readings jsonb, p_temp_margin float8,
    p_humidity_margin float8, p_clear integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_tenant varchar;
  v_cage bigint;
  v_n integer;
  b record;
BEGIN
  SELECT k.tenant_id, k.cage_id INTO v_tenant, v_cage
    FROM zoo_cage_device_key k JOIN zoo_cage c ON c.id = k.cage_id AND c.tenant_id = k.tenant_id AND c.is_deleted = 0
   WHERE k.key_id = p_key_id AND k.key_hash = p_key_hash AND k.revoke_time IS NULL AND k.is_deleted = 0;
  IF NOT FOUND THEN
    RETURN -1;
  END IF;
  INSERT INTO zoo_humiture (tenant_id, cage_id, read_time, temperature, humidity)
  SELECT v_tenant, v_cage, coalesce(x.time::timestamp, date_trunc('second', localtimestamp)), x.temperature, x.humidity
    FROM jsonb_to_recordset(p_readings) AS x(time text, temperature float8, humidity float8);
  GET DIAGNOSTICS v_n = ROW_COUNT;
  -- The band the chart draws: the narrowest one every species the cage holds now is comfortable in.
  SELECT max(s.temp_min) AS tmin, min(s.temp_max) AS tmax, max(s.humidity_min) AS hmin, min(s.humidity_max) AS hmax INTO b
    FROM zoo_species s
   WHERE s.id IN (SELECT a.species_id FROM zoo_animal a WHERE a.tenant_id = v_tenant AND a.cage_id = v_cage AND a.status = 1 AND a.is_deleted = 0
                  UNION SELECT p.species_id FROM zoo_population p WHERE p.tenant_id = v_tenant AND p.cage_id = v_cage AND p.is_deleted = 0);
  PERFORM zoo_humiture_alarm_track(v_tenant, v_cage, 1, b.tmin, b.tmax, p_temp_margin, p_clear, p_readings);
  PERFORM zoo_humiture_alarm_track(v_tenant, v_cage, 2, b.hmin, b.hmax, p_humidity_margin, p_clear, p_readings);
  RETURN v_n;
END
$$;
--> statement-breakpoint
-- The keeper-log month calendar reads one animal's days of a month: with the columns it shows carried in the
-- day index it is an index-only scan of one leaf page, where it read ~31 heap pages (one per day: a day's logs
-- of every animal are written together) — the request's largest cost on a 10 M-log zoo (decision 0029).
-- Drizzle cannot express INCLUDE: keeper.tables.ts declares the same name, columns and predicate.
DROP INDEX IF EXISTS "zoo_basic_log_day_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "zoo_basic_log_day_uq" ON "zoo_basic_log" USING btree ("tenant_id","animal_id","log_date") INCLUDE ("id","intake","health","keeper_id") WHERE is_deleted = 0;
