-- Datasources the platform can bind tenants to (tenant.datasource_id) and the code generator reads from.
-- Platform records: only the platform tenant manages them, so the table has no tenant column.
CREATE TABLE yuan_datasource (
  id bigint PRIMARY KEY,
  name varchar(64) NOT NULL,
  driver_class varchar(128) NOT NULL DEFAULT 'org.postgresql.Driver',
  url varchar(512) NOT NULL,
  username varchar(128) NOT NULL DEFAULT '',
  password varchar(255) NOT NULL DEFAULT '',
  remark varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX yuan_datasource_name_uq ON yuan_datasource (name) WHERE is_deleted = 0;
