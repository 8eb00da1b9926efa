-- The lookup cache's table versions (docs/decisions/0033) read as a column of a request's opening statement
-- (docs/decisions/0035), one statement fewer per list or detail. The opening switches the role to the restricted
-- one as it runs; a table read in that same statement as the caller was re-planned on every call (measured: twice
-- the PostgreSQL time of the statement it replaces), so the read runs here as the owner, with its tenant named:
-- version counters only, the same numbers every write of that tenant raises.
CREATE OR REPLACE FUNCTION lookup_versions(p_tenant text, p_tables text[]) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN (SELECT json_object_agg(v.t, v.v)::text FROM (
    SELECT table_name AS t, version::text AS v FROM sys_row_count WHERE tenant_id = p_tenant AND table_name = ANY(p_tables)
    UNION ALL SELECT table_name, version::text FROM sys_table_version WHERE table_name = ANY(p_tables)) v);
END $$;
