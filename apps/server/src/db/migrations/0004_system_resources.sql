-- Platform-level resources of system administration (no tenant column: managed by the platform tenant).

CREATE TABLE yuan_tenant_package (
  id bigint PRIMARY KEY,
  package_name varchar(64) NOT NULL,
  menu_id text NOT NULL DEFAULT '',
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX yuan_tenant_package_live_idx ON yuan_tenant_package (id DESC) WHERE is_deleted = 0;

CREATE TABLE yuan_scope_data (
  id bigint PRIMARY KEY,
  menu_id bigint NOT NULL,
  resource_code varchar(64) NOT NULL,
  scope_name varchar(64) NOT NULL,
  scope_field varchar(64),
  scope_class varchar(128),
  scope_column varchar(64),
  scope_type integer NOT NULL,
  scope_value varchar(2000),
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX yuan_scope_data_menu_idx ON yuan_scope_data (menu_id) WHERE is_deleted = 0;

CREATE TABLE yuan_scope_api (
  id bigint PRIMARY KEY,
  menu_id bigint NOT NULL,
  resource_code varchar(64) NOT NULL,
  scope_name varchar(64) NOT NULL,
  scope_path varchar(255) NOT NULL,
  scope_type integer NOT NULL,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX yuan_scope_api_menu_idx ON yuan_scope_api (menu_id) WHERE is_deleted = 0;

CREATE UNIQUE INDEX yuan_post_code_uq ON yuan_post (tenant_id, post_code) WHERE is_deleted = 0;
ALTER TABLE yuan_client ALTER COLUMN web_server_redirect_uri DROP NOT NULL;
ALTER TABLE yuan_client ALTER COLUMN authorities DROP NOT NULL;
ALTER TABLE yuan_client ALTER COLUMN additional_information DROP NOT NULL;
ALTER TABLE yuan_client ALTER COLUMN autoapprove DROP NOT NULL;
ALTER TABLE yuan_post ALTER COLUMN remark DROP NOT NULL;
