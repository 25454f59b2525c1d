-- The entity tables' trigram indexes keep at most 256 kB of pending entries (decision 0058): every contains-search
-- reads the whole pending list, and PostgreSQL's default of 4 MB let a few seconds of writes make each search several
-- times slower. The DDL service creates new indexes so; this sets it on the ones made before. An index this role may
-- not alter (a server where another role owns the tables) keeps working as before.
DO $$
DECLARE
  ix regclass;
BEGIN
  FOR ix IN
    SELECT i.indexrelid::regclass
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    WHERE am.amname = 'gin' AND t.relname LIKE 'yuan\_ent\_%' AND c.relname ~ '_s[0-9]+$'
  LOOP
    BEGIN
      EXECUTE format('ALTER INDEX %s SET (gin_pending_list_limit = 256)', ix);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'trigram index % keeps its pending list limit: %', ix, SQLERRM;
    END;
  END LOOP;
END
$$;
