-- The welcome page's website configuration, one row per tenant (SPEC §2 /wel/index: first page from website config).
CREATE TABLE yuan_website (
  tenant_id varchar(12) NOT NULL PRIMARY KEY,
  title varchar(100) NOT NULL DEFAULT '',
  banner varchar(1000) NOT NULL DEFAULT '',
  intro text NOT NULL DEFAULT '',
  links jsonb NOT NULL DEFAULT '[]'::jsonb,
  update_user bigint,
  update_time timestamptz NOT NULL DEFAULT now()
);
SELECT yuan_enable_tenant_rls('yuan_website');
