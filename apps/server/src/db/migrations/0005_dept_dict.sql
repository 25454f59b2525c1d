ALTER TABLE yuan_dept ALTER COLUMN remark DROP NOT NULL;
ALTER TABLE yuan_dept ALTER COLUMN full_name DROP NOT NULL;
CREATE INDEX yuan_dept_parent_idx ON yuan_dept (tenant_id, parent_id) WHERE is_deleted = 0;

-- System dictionary: platform-wide. Business dictionary: per tenant.
CREATE TABLE yuan_dict (
  id bigint PRIMARY KEY,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(64) NOT NULL,
  dict_key varchar(255) NOT NULL,
  dict_value varchar(255) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255),
  is_sealed integer NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX yuan_dict_code_idx ON yuan_dict (code, parent_id) WHERE is_deleted = 0;
CREATE INDEX yuan_dict_parent_idx ON yuan_dict (parent_id) WHERE is_deleted = 0;

CREATE TABLE yuan_dict_biz (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(64) NOT NULL,
  dict_key varchar(255) NOT NULL,
  dict_value varchar(255) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255),
  is_sealed integer NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_dict_biz_code_idx ON yuan_dict_biz (tenant_id, code, parent_id) WHERE is_deleted = 0;
CREATE INDEX yuan_dict_biz_parent_idx ON yuan_dict_biz (tenant_id, parent_id) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_dict_biz');
