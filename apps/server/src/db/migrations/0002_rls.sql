-- Tenant isolation in the database itself: every table with a tenant_id column gets forced row-level security,
-- and the server runs its queries as yuan_app, a role that owns nothing and is not a superuser. The request sets
-- app.tenant_id (and, for platform-wide work only, app.all_tenants) per transaction.

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'yuan_app') THEN
    CREATE ROLE yuan_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  EXECUTE format('GRANT yuan_app TO %I', current_user);
END
$$;

GRANT USAGE ON SCHEMA public TO yuan_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO yuan_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO yuan_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO yuan_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO yuan_app;
REVOKE ALL ON yuan_migration FROM yuan_app;

-- Applies forced RLS and the tenant policy to one table; later migrations and dynamic tables call it too.
CREATE OR REPLACE FUNCTION yuan_enable_tenant_rls(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (tenant_id = current_setting(''app.tenant_id'', true) '
    'OR current_setting(''app.all_tenants'', true) = ''on'') WITH CHECK (tenant_id = current_setting(''app.tenant_id'', true) '
    'OR current_setting(''app.all_tenants'', true) = ''on'')',
    tbl);
END
$$;

SELECT yuan_enable_tenant_rls(c.oid)
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
WHERE n.nspname = 'public' AND c.relkind = 'r';
