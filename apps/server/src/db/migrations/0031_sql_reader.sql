-- The SQL editor's and the reports' queries run as yuan_sql_reader (SET LOCAL ROLE inside their read-only
-- transaction, the tenant set as for the app): a role that holds SELECT on the tenant entity tables and nothing else,
-- so a query the guard wrongly lets through still reads no system table, no catalog and changes no setting.
-- Row-level security applies to it as to the app role (the tenant policy is for every role).

DO $$
DECLARE
  existing pg_roles%ROWTYPE;
BEGIN
  SELECT * INTO existing FROM pg_roles WHERE rolname = 'yuan_sql_reader';
  IF NOT FOUND THEN
    CREATE ROLE yuan_sql_reader NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT NOCREATEDB NOCREATEROLE NOREPLICATION;
  ELSIF existing.rolsuper OR existing.rolbypassrls OR existing.rolcanlogin OR existing.rolinherit
    OR existing.rolcreaterole OR existing.rolcreatedb OR existing.rolreplication
    OR EXISTS (SELECT FROM pg_auth_members WHERE member = existing.oid) THEN
    -- Another database of the cluster gave the name to a role with more rights: refuse rather than widen it.
    RAISE EXCEPTION 'role yuan_sql_reader exists with attributes or memberships it must not have';
  END IF;
  EXECUTE format('GRANT yuan_sql_reader TO %I', current_user);
END
$$;

GRANT USAGE ON SCHEMA public TO yuan_sql_reader;

-- The entity tables that exist already; the DDL service grants on the ones it creates (a dropped table takes its
-- grant with it).
DO $$
DECLARE
  t regclass;
BEGIN
  FOR t IN
    SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname ~ '^yuan_ent_[0-9]+$'
  LOOP
    EXECUTE format('GRANT SELECT ON %s TO yuan_sql_reader', t);
  END LOOP;
END
$$;

-- The app's own functions (and the ones later migrations create) are the app's: PostgreSQL's default gives every
-- new function to PUBLIC, which would include the reader.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO yuan_app;
ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO yuan_app;

-- The catalogs and the built-in functions with side effects are PUBLIC's by default. Only a superuser may change
-- that: then PUBLIC loses SELECT on every pg_catalog and information_schema relation (the planner reads the
-- catalogs without privilege checks) and EXECUTE on the functions below, and yuan_app gets back exactly what PUBLIC
-- had, so the app keeps working as before. The catalogs shared by the whole cluster (pg_database, pg_auth_members…)
-- keep their rights: changing them would change every other database of the cluster. set_config is the one that matters most: set_config('role', …) would
-- leave the reader role for the app's.
DO $$
DECLARE
  r record;
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    RAISE NOTICE 'yuan_sql_reader: % is not a superuser, so PUBLIC keeps its rights on the catalogs and on built-in functions', current_user;
    RETURN;
  END IF;
  FOR r IN
    SELECT c.oid::regclass AS rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN ('pg_catalog', 'information_schema') AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
      AND NOT c.relisshared
      AND EXISTS (SELECT FROM aclexplode(c.relacl) a WHERE a.grantee = 0 AND a.privilege_type = 'SELECT')
  LOOP
    EXECUTE format('GRANT SELECT ON %s TO yuan_app', r.rel);
    EXECUTE format('REVOKE SELECT ON %s FROM PUBLIC', r.rel);
  END LOOP;
  -- Some catalogs grant PUBLIC single columns.
  FOR r IN
    SELECT a.attrelid::regclass AS rel, a.attname FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN ('pg_catalog', 'information_schema') AND NOT c.relisshared
      AND EXISTS (SELECT FROM aclexplode(a.attacl) x WHERE x.grantee = 0 AND x.privilege_type = 'SELECT')
  LOOP
    EXECUTE format('GRANT SELECT (%I) ON %s TO yuan_app', r.attname, r.rel);
    EXECUTE format('REVOKE SELECT (%I) ON %s FROM PUBLIC', r.attname, r.rel);
  END LOOP;
  FOR r IN
    SELECT p.oid::regprocedure AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE (p.proacl IS NULL OR EXISTS (
        SELECT FROM aclexplode(p.proacl) x WHERE x.grantee = 0 AND x.privilege_type = 'EXECUTE'))
      AND (p.proname LIKE 'dblink%' OR (n.nspname = 'pg_catalog' AND (
        -- settings and roles, notifications, locks, transaction ids, other sessions
        p.proname IN ('set_config', 'pg_notify', 'txid_current', 'txid_current_if_assigned',
          'pg_current_xact_id', 'pg_current_xact_id_if_assigned', 'pg_cancel_backend', 'pg_terminate_backend',
          'pg_logical_emit_message', 'pg_export_snapshot', 'pg_stat_get_activity', 'pg_show_all_settings',
          'pg_sleep', 'pg_sleep_for', 'pg_sleep_until', 'loread', 'lowrite',
          'pg_read_file', 'pg_read_binary_file', 'pg_stat_file', 'pg_ls_dir')
        OR p.proname LIKE 'pg\_advisory\_%' OR p.proname LIKE 'pg\_try\_advisory\_%'
        -- large objects, files, and the XML functions that run a query given as text
        OR p.proname LIKE 'lo\_%' OR p.proname LIKE 'pg\_ls\_%' OR p.proname LIKE 'pg\_file\_%'
        OR p.proname IN ('query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema', 'cursor_to_xml',
          'cursor_to_xmlschema', 'table_to_xml', 'table_to_xmlschema', 'table_to_xml_and_xmlschema',
          'schema_to_xml', 'schema_to_xmlschema', 'schema_to_xml_and_xmlschema', 'database_to_xml',
          'database_to_xmlschema', 'database_to_xml_and_xmlschema'))))
  LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO yuan_app', r.fn);
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', r.fn);
  END LOOP;
END
$$;
