-- Core tables of the foundation: tenants, organisation, accounts, menus, OAuth clients, sessions, captchas, error log.
-- Tenant-scoped tables are keyed by (tenant_id, id) so they can be distributed by tenant.

CREATE TABLE yuan_tenant (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL UNIQUE,
  tenant_name varchar(64) NOT NULL,
  domain_url varchar(255) NOT NULL DEFAULT '',
  background_url varchar(1000) NOT NULL DEFAULT '',
  contact_person varchar(64) NOT NULL DEFAULT '',
  contact_number varchar(32) NOT NULL DEFAULT '',
  address varchar(255) NOT NULL DEFAULT '',
  account_number integer NOT NULL DEFAULT -1,
  expire_time timestamptz,
  package_id bigint,
  datasource_id bigint,
  license_key varchar(1000) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);

CREATE TABLE yuan_dept (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  ancestors varchar(2000) NOT NULL DEFAULT '0',
  dept_category integer NOT NULL DEFAULT 1,
  dept_name varchar(64) NOT NULL,
  full_name varchar(255) NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE yuan_post (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  category integer NOT NULL DEFAULT 1,
  post_code varchar(32) NOT NULL,
  post_name varchar(64) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE yuan_role (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  role_name varchar(64) NOT NULL,
  role_alias varchar(64) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_role_alias_uq ON yuan_role (tenant_id, role_alias) WHERE is_deleted = 0;

CREATE TABLE yuan_user (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  code varchar(32) NOT NULL DEFAULT '',
  user_type integer NOT NULL DEFAULT 1,
  account varchar(64) NOT NULL,
  password varchar(255) NOT NULL,
  name varchar(64) NOT NULL DEFAULT '',
  real_name varchar(64) NOT NULL DEFAULT '',
  avatar varchar(1000) NOT NULL DEFAULT '',
  email varchar(128) NOT NULL DEFAULT '',
  phone varchar(32) NOT NULL DEFAULT '',
  birthday timestamptz,
  sex integer NOT NULL DEFAULT -1,
  role_id varchar(1000) NOT NULL DEFAULT '',
  dept_id varchar(1000) NOT NULL DEFAULT '',
  post_id varchar(1000) NOT NULL DEFAULT '',
  oauth_id varchar(64) NOT NULL DEFAULT '',
  language varchar(8) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_user_account_uq ON yuan_user (tenant_id, account) WHERE is_deleted = 0;

-- Menus are platform-wide; tenants see the subset their package and roles grant.
CREATE TABLE yuan_menu (
  id bigint PRIMARY KEY,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(128) NOT NULL,
  name varchar(64) NOT NULL,
  name_en varchar(128) NOT NULL DEFAULT '',
  alias varchar(64) NOT NULL DEFAULT '',
  path varchar(255) NOT NULL DEFAULT '',
  source varchar(64) NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  category integer NOT NULL DEFAULT 1,
  action integer NOT NULL DEFAULT 0,
  is_open integer NOT NULL DEFAULT 1,
  hidden integer NOT NULL DEFAULT 0,
  remark varchar(255) NOT NULL DEFAULT '',
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX yuan_menu_code_uq ON yuan_menu (code) WHERE is_deleted = 0;
CREATE INDEX yuan_menu_parent_idx ON yuan_menu (parent_id);

CREATE TABLE yuan_role_menu (
  tenant_id varchar(12) NOT NULL,
  role_id bigint NOT NULL,
  menu_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, role_id, menu_id)
);

CREATE TABLE yuan_top_menu (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  code varchar(64) NOT NULL,
  name varchar(64) NOT NULL,
  name_en varchar(128) NOT NULL DEFAULT '',
  source varchar(64) NOT NULL DEFAULT '',
  path varchar(255) NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_top_menu_code_uq ON yuan_top_menu (tenant_id, code) WHERE is_deleted = 0;

CREATE TABLE yuan_top_menu_setting (
  tenant_id varchar(12) NOT NULL,
  top_menu_id bigint NOT NULL,
  menu_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, top_menu_id, menu_id)
);

CREATE TABLE yuan_client (
  id bigint PRIMARY KEY,
  client_id varchar(64) NOT NULL,
  client_secret varchar(255) NOT NULL,
  resource_ids varchar(255) NOT NULL DEFAULT '',
  scope varchar(255) NOT NULL DEFAULT 'all',
  authorized_grant_types varchar(255) NOT NULL DEFAULT 'refresh_token,password,authorization_code,captcha,social',
  web_server_redirect_uri varchar(255) NOT NULL DEFAULT '',
  authorities varchar(255) NOT NULL DEFAULT '',
  access_token_validity integer NOT NULL DEFAULT 3600,
  refresh_token_validity integer NOT NULL DEFAULT 604800,
  additional_information varchar(4096) NOT NULL DEFAULT '',
  autoapprove varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX yuan_client_client_id_uq ON yuan_client (client_id) WHERE is_deleted = 0;

-- A session is one refresh-token family: every access token carries its id, so revoking it ends them all.
CREATE TABLE yuan_session (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  client_id varchar(64) NOT NULL,
  ip varchar(64) NOT NULL DEFAULT '',
  user_agent varchar(512) NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason varchar(32) NOT NULL DEFAULT ''
);
CREATE INDEX yuan_session_user_idx ON yuan_session (tenant_id, user_id);

CREATE TABLE yuan_refresh_token (
  token_hash varchar(64) PRIMARY KEY,
  session_id bigint NOT NULL REFERENCES yuan_session (id) ON DELETE CASCADE,
  create_time timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX yuan_refresh_token_session_idx ON yuan_refresh_token (session_id);

CREATE TABLE yuan_login_failure (
  key varchar(200) PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_start timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

CREATE TABLE yuan_captcha (
  key varchar(64) PRIMARY KEY,
  kind varchar(8) NOT NULL,
  answer varchar(32) NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE yuan_log_error (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  source varchar(8) NOT NULL DEFAULT 'server',
  type varchar(64) NOT NULL DEFAULT '',
  method varchar(16) NOT NULL DEFAULT '',
  request_uri varchar(2048) NOT NULL DEFAULT '',
  user_agent varchar(512) NOT NULL DEFAULT '',
  remote_ip varchar(64) NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  stack_trace text NOT NULL DEFAULT '',
  info text NOT NULL DEFAULT '',
  client_time varchar(64) NOT NULL DEFAULT '',
  create_by varchar(64) NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);

-- Operation-guide videos of the help dialog.
CREATE TABLE yuan_help_video (
  id bigint PRIMARY KEY,
  title varchar(128) NOT NULL,
  front_path varchar(1000) NOT NULL DEFAULT '',
  content_path varchar(1000) NOT NULL,
  column_no varchar(8) NOT NULL DEFAULT 'M01',
  sort integer NOT NULL DEFAULT 0,
  is_deleted integer NOT NULL DEFAULT 0
);
