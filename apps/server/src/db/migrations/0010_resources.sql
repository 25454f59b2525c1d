-- Storage and SMS configurations (status 1 = enabled, 2 = disabled; one enabled per tenant) and attachments.
CREATE TABLE yuan_oss (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  category integer NOT NULL,
  oss_code varchar(64) NOT NULL,
  endpoint varchar(255) NOT NULL DEFAULT '',
  access_key varchar(255) NOT NULL DEFAULT '',
  secret_key varchar(255) NOT NULL DEFAULT '',
  bucket_name varchar(255) NOT NULL DEFAULT '',
  region varchar(64) NOT NULL DEFAULT '',
  remark varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 2,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_oss_code_uq ON yuan_oss (tenant_id, oss_code) WHERE is_deleted = 0;

CREATE TABLE yuan_sms (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  category integer NOT NULL,
  sms_code varchar(64) NOT NULL,
  template_id varchar(64) NOT NULL,
  access_key varchar(255) NOT NULL DEFAULT '',
  secret_key varchar(255) NOT NULL DEFAULT '',
  region_id varchar(64) NOT NULL DEFAULT '',
  sign_name varchar(64) NOT NULL DEFAULT '',
  remark varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 2,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_sms_code_uq ON yuan_sms (tenant_id, sms_code) WHERE is_deleted = 0;

CREATE TABLE yuan_attach (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  link varchar(1000) NOT NULL,
  domain_url varchar(255) NOT NULL DEFAULT '',
  name varchar(255) NOT NULL,
  original_name varchar(255) NOT NULL DEFAULT '',
  extension varchar(16) NOT NULL DEFAULT '',
  attach_size bigint NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_attach_live_idx ON yuan_attach (tenant_id, id DESC) WHERE is_deleted = 0;

SELECT yuan_enable_tenant_rls('yuan_oss');
SELECT yuan_enable_tenant_rls('yuan_sms');
SELECT yuan_enable_tenant_rls('yuan_attach');
