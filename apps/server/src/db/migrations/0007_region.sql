CREATE TABLE yuan_region (
  id bigint PRIMARY KEY,
  code varchar(12) NOT NULL,
  parent_code varchar(12) NOT NULL,
  ancestors varchar(255) NOT NULL DEFAULT '',
  name varchar(64) NOT NULL,
  region_level integer NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX yuan_region_code_uq ON yuan_region (code) WHERE is_deleted = 0;
CREATE INDEX yuan_region_parent_idx ON yuan_region (parent_code) WHERE is_deleted = 0;
