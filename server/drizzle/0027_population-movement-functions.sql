-- A population's movement as one function call (docs/decisions/0034): checks, locks, count changes and the ledger
-- row run in PostgreSQL behind one statement, so a movement is one message from the API (with its opening and
-- COMMIT) and its statements are planned once per connection. The functions refuse nothing themselves: when a
-- rule fails they change nothing and return what the API words its refusal from (ledger.ts), so the messages and
-- the order in which rules are tried stay in one place.
-- They run as the caller: row-level security keeps every read and write in the caller's zoo.

-- A licence is in force from valid_from through the whole day of valid_to (open-ended when valid_to is null).
-- One definition for the API's licence reads and these functions (inlined by the planner).
CREATE OR REPLACE FUNCTION licence_state(valid_from timestamp, valid_to timestamp) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN valid_from > localtimestamp(0) THEN 'pending'
              WHEN valid_to IS NOT NULL AND valid_to < localtimestamp(0)::date THEN 'expired'
              ELSE 'valid' END
$$;
--> statement-breakpoint
-- Heads into the species' population in a cage: created when missing, else counted up (concurrent first arrivals
-- meet on the live unique index; the row stays locked to the end of the transaction). Returns its id and its
-- counts after. Shared by arrivals and by a move into a cage without the species.
CREATE OR REPLACE FUNCTION population_add_heads(p_species bigint, p_cage bigint, p_q int[], OUT id bigint, OUT after int[])
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO zoo_population AS z (species_id, cage_id, male_quantity, female_quantity, they_quantity)
    VALUES (p_species, p_cage, p_q[1], p_q[2], p_q[3])
    ON CONFLICT (tenant_id, cage_id, species_id) WHERE is_deleted = 0 DO UPDATE SET
      male_quantity = z.male_quantity + excluded.male_quantity,
      female_quantity = z.female_quantity + excluded.female_quantity,
      they_quantity = z.they_quantity + excluded.they_quantity
    RETURNING z.id, ARRAY[z.male_quantity, z.female_quantity, z.they_quantity] INTO id, after;
END $$;
--> statement-breakpoint
-- Heads into the species' population in a cage (birth, import, a transfer's arrival): the population is created
-- when missing, its row locked and counted up by one upsert (concurrent first arrivals meet on the live unique
-- index), and the ledger row written with the counts before and after. Returns log_id null, and changes nothing,
-- when the species is unknown, its licence missing or not in force, or the cage not this zoo's.
CREATE OR REPLACE FUNCTION stock_population_in(
  p_kind text, p_species bigint, p_cage bigint, p_q int[],
  p_event timestamp, p_type_key text, p_counterpart text, p_price float8, p_back timestamp, p_permit text,
  p_reason text, p_images text, p_remark text, p_transfer bigint)
RETURNS TABLE (log_id bigint, sp_name text, lic_no text, lic_from text, lic_to text, lic_state text, cage_code text)
LANGUAGE plpgsql AS $$
DECLARE
  pop_id bigint;
  pop int[];
BEGIN
  -- One statement for the three reads (each statement run costs an executor start).
  SELECT (SELECT s.species_name FROM zoo_species s WHERE s.id = p_species AND s.is_deleted = 0),
         t.licence_no, to_char(t.valid_from, 'YYYY-MM-DD'), to_char(t.valid_to, 'YYYY-MM-DD'),
         CASE WHEN t.id IS NOT NULL THEN licence_state(t.valid_from, t.valid_to) END,
         (SELECT c.cage_code FROM zoo_cage c WHERE c.id = p_cage AND c.is_deleted = 0)
    INTO sp_name, lic_no, lic_from, lic_to, lic_state, cage_code
    FROM (SELECT 1) one LEFT JOIN zoo_tenant_species t ON t.species_id = p_species AND t.is_deleted = 0;
  IF sp_name IS NULL OR lic_state IS DISTINCT FROM 'valid' OR cage_code IS NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT h.id, h.after INTO pop_id, pop FROM population_add_heads(p_species, p_cage, p_q) h;
  -- The row's id (its place in the replay order) is drawn now, with the stock lock held.
  INSERT INTO zoo_stock_log (id, movement_type, animal_type, species_id, to_population_id, to_cage_id,
      male_quantity, female_quantity, they_quantity, to_before, to_after, event_date, type_key, counterpart, price,
      back_date, permit_no, reason, images, remark, transfer_id)
    VALUES (next_id(), p_kind, 2, p_species, pop_id, p_cage, p_q[1], p_q[2], p_q[3],
      ARRAY[pop[1] - p_q[1], pop[2] - p_q[2], pop[3] - p_q[3]], pop, p_event, p_type_key,
      p_counterpart, p_price, p_back, p_permit, p_reason, p_images, p_remark, p_transfer)
    RETURNING id INTO log_id;
  RETURN NEXT;
END $$;
--> statement-breakpoint
-- Heads out of the species' population in a cage (export, death, deregistration), or moved to another cage of
-- the zoo (p_to_cage). The rows are locked in id order (two moves crossing between the same cages never deadlock)
-- and the free heads (stock less heads promised to pending transfers) checked; then the counts change and the
-- ledger row is written. A move into a cage without the species creates its population only then, so a refusal
-- leaves no empty row behind; being newer than every row locked before it, it is locked last, still in id order.
-- Returns log_id null, and changes nothing, when a cage is not this zoo's (from_code / to_code null), the cage
-- holds no population of the species (held false), or fewer free heads than asked (have, pending: the counts as
-- locked).
CREATE OR REPLACE FUNCTION stock_population_out(
  p_kind text, p_species bigint, p_cage bigint, p_to_cage bigint, p_q int[],
  p_event timestamp, p_type_key text, p_counterpart text, p_price float8, p_back timestamp, p_permit text,
  p_reason text, p_images text, p_remark text)
RETURNS TABLE (log_id bigint, from_code text, to_code text, held boolean, have int[], pending int[])
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  src_id bigint;
  dst_id bigint;
  dst int[];
BEGIN
  SELECT (SELECT c.cage_code FROM zoo_cage c WHERE c.id = p_cage AND c.is_deleted = 0),
         (SELECT c.cage_code FROM zoo_cage c WHERE c.id = p_to_cage AND c.is_deleted = 0)
    INTO from_code, to_code;
  held := false;
  IF from_code IS NULL OR (p_to_cage IS NOT NULL AND to_code IS NULL) THEN
    RETURN NEXT;
    RETURN;
  END IF;
  -- The rows as the locks see them (READ COMMITTED re-reads a row it waited for).
  FOR r IN SELECT z.id, z.cage_id, z.male_quantity, z.female_quantity, z.they_quantity,
                  z.pending_male, z.pending_female, z.pending_they
             FROM zoo_population z
            WHERE z.species_id = p_species AND z.cage_id IN (p_cage, p_to_cage) AND z.is_deleted = 0
            ORDER BY z.id FOR UPDATE LOOP
    IF r.cage_id = p_cage THEN
      src_id := r.id;
      have := ARRAY[r.male_quantity, r.female_quantity, r.they_quantity];
      pending := ARRAY[r.pending_male, r.pending_female, r.pending_they];
    ELSE
      dst_id := r.id;
      dst := ARRAY[r.male_quantity, r.female_quantity, r.they_quantity];
    END IF;
  END LOOP;
  held := src_id IS NOT NULL;
  IF NOT held OR have[1] - pending[1] < p_q[1] OR have[2] - pending[2] < p_q[2] OR have[3] - pending[3] < p_q[3] THEN
    RETURN NEXT;
    RETURN;
  END IF;
  -- Both rows in one statement when the target exists (dst_id null: the source alone).
  UPDATE zoo_population z SET
      male_quantity = z.male_quantity + CASE WHEN z.id = dst_id THEN p_q[1] ELSE -p_q[1] END,
      female_quantity = z.female_quantity + CASE WHEN z.id = dst_id THEN p_q[2] ELSE -p_q[2] END,
      they_quantity = z.they_quantity + CASE WHEN z.id = dst_id THEN p_q[3] ELSE -p_q[3] END
    WHERE z.id IN (src_id, dst_id);
  IF p_to_cage IS NOT NULL AND dst_id IS NULL THEN
    -- The target's first heads; a population another mover created meanwhile is counted up instead.
    SELECT h.id, ARRAY[h.after[1] - p_q[1], h.after[2] - p_q[2], h.after[3] - p_q[3]] INTO dst_id, dst
      FROM population_add_heads(p_species, p_to_cage, p_q) h;
  END IF;
  INSERT INTO zoo_stock_log (id, movement_type, animal_type, species_id, population_id, to_population_id,
      from_cage_id, to_cage_id, male_quantity, female_quantity, they_quantity, from_before, from_after, to_before,
      to_after, event_date, type_key, counterpart, price, back_date, permit_no, reason, images, remark)
    VALUES (next_id(), p_kind, 2, p_species, src_id, dst_id, p_cage, p_to_cage, p_q[1], p_q[2], p_q[3],
      have, ARRAY[have[1] - p_q[1], have[2] - p_q[2], have[3] - p_q[3]],
      dst, CASE WHEN dst_id IS NOT NULL THEN ARRAY[dst[1] + p_q[1], dst[2] + p_q[2], dst[3] + p_q[3]] END,
      p_event, p_type_key, p_counterpart, p_price, p_back, p_permit, p_reason, p_images, p_remark)
    RETURNING id INTO log_id;
  RETURN NEXT;
END $$;
