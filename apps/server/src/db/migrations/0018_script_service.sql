-- Flow services: a tree of modules and scripts per tenant (SPEC §7 s/*). A script's path is unique among the
-- tenant's live rows; its code runs in the sandbox.
CREATE TABLE yuan_script_service (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  name varchar(64) NOT NULL,
  kind varchar(16) NOT NULL,
  path varchar(128),
  code text,
  language varchar(16),
  params_schema jsonb,
  enabled boolean,
  sort integer,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_script_service_path_uq ON yuan_script_service (tenant_id, path)
  WHERE is_deleted = 0 AND path IS NOT NULL AND path <> '';
CREATE INDEX yuan_script_service_parent_idx ON yuan_script_service (tenant_id, parent_id) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_script_service');
