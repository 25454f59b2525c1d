-- Trigram matching for the entity tables' contains-searches (ILIKE '%…%'): the DDL service gives each free-text
-- field a GIN index with gin_trgm_ops, which the search uses instead of reading every row of the tenant. A server
-- without the extension (or without the right to create it) keeps working: the DDL service then plans no such index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): contains-searches read without indexes', SQLERRM;
END
$$;

-- Under row-level security the planner applies a user's condition before the tenant policy only when its function is
-- leakproof, and only then can an index serve it; LIKE and ILIKE are not marked so, which leaves every contains-search
-- of yuan_app a scan of the table. Their errors depend on the pattern (the caller's own text), never on a row's value,
-- so nothing of a hidden row can leak through them. Marking a function needs a superuser: the embedded database runs
-- its migrations as one; on another server without it the searches stay correct and scan.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION texticlike(text, text) LEAKPROOF;
    ALTER FUNCTION textlike(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'LIKE and ILIKE stay non-leakproof: contains-searches under row-level security read without indexes';
  END IF;
END
$$;
