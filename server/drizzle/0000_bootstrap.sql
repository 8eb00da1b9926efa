-- Ids: time-ordered 63-bit values made by the database, so every server instance shares one generator.
CREATE SEQUENCE IF NOT EXISTS "id_seq" CYCLE MAXVALUE 4194303;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION next_id() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT ((floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint - 1577836800000) << 22)
         | nextval('id_seq');
$$;
--> statement-breakpoint
-- Requests run as this role so row-level security applies (the owner and superusers bypass it).
-- The role is the cluster's: two databases migrated at once on a new cluster both find it missing, and the second
-- CREATE then fails on pg_authid's unique index (unique_violation), not with duplicate_object.
DO $$ BEGIN
  CREATE ROLE zoo_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN NULL;
END $$;
