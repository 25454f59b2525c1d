CREATE TABLE yuan_param (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  param_name varchar(255) NOT NULL,
  param_key varchar(255) NOT NULL,
  param_value text NOT NULL,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_param_key_uq ON yuan_param (tenant_id, param_key) WHERE is_deleted = 0;
-- Live rows newest first: the list's order, and an index-only path to deep pages.
CREATE INDEX yuan_param_live_idx ON yuan_param (tenant_id, id DESC) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_param');
