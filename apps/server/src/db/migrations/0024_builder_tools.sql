-- Builders' tools: mind maps and the ER diagram's layout per tenant, reports per tenant, code generator records
-- (platform records, like the datasources they read).
CREATE TABLE yuan_mindmap (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  name varchar(64) NOT NULL,
  remark varchar(255) NOT NULL DEFAULT '',
  data jsonb,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_mindmap_name_uq ON yuan_mindmap (tenant_id, name) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_mindmap');

CREATE TABLE yuan_erd_layout (
  tenant_id varchar(12) NOT NULL PRIMARY KEY,
  positions jsonb NOT NULL DEFAULT '{}',
  update_user bigint,
  update_time timestamptz NOT NULL DEFAULT now()
);
SELECT yuan_enable_tenant_rls('yuan_erd_layout');

CREATE TABLE yuan_report (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  name varchar(64) NOT NULL,
  query_sql text NOT NULL,
  params jsonb,
  view jsonb,
  cache_seconds integer NOT NULL DEFAULT 0,
  remark varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_report_name_uq ON yuan_report (tenant_id, name) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_report');

CREATE TABLE yuan_code (
  id bigint PRIMARY KEY,
  code_name varchar(64) NOT NULL,
  datasource_id bigint,
  table_name varchar(63) NOT NULL,
  table_prefix varchar(32) NOT NULL DEFAULT '',
  resource_name varchar(63) NOT NULL,
  api_path varchar(128) NOT NULL,
  menu_parent varchar(128) NOT NULL DEFAULT '',
  tenant_scoped boolean NOT NULL DEFAULT true,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
