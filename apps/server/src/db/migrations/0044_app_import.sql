-- The imports of application packages (decision 0056): who imported which file, from which tenant, and what it did.
CREATE TABLE yuan_app_import (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  file_name varchar(255) NOT NULL DEFAULT '',
  checksum varchar(64) NOT NULL,
  source_tenant varchar(12) NOT NULL DEFAULT '',
  created int NOT NULL DEFAULT 0,
  updated int NOT NULL DEFAULT 0,
  unchanged int NOT NULL DEFAULT 0,
  rows int NOT NULL DEFAULT 0,
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX yuan_app_import_list_idx ON yuan_app_import (tenant_id, id DESC);
SELECT yuan_enable_tenant_rls('yuan_app_import'::regclass);
