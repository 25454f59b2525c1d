-- Low-code data: reusable element definitions, entity definitions (each becomes a real table yuan_ent_<id>), and
-- the version history of every saved definition.
CREATE TABLE yuan_dt_ele_def (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  def_no varchar(64) NOT NULL,
  def_name varchar(255) NOT NULL,
  data_typ varchar(16) NOT NULL,
  verify_json jsonb,
  dict_code varchar(255) NOT NULL DEFAULT '',
  remark varchar(255) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_dt_ele_def_no_uq ON yuan_dt_ele_def (tenant_id, def_no) WHERE is_deleted = 0;
CREATE INDEX yuan_dt_ele_def_live_idx ON yuan_dt_ele_def (tenant_id, id DESC) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_dt_ele_def');

-- `elements` is the definition as saved (each element keeps its own id across renames); `synced` is the definition
-- the table was last brought to, so a rename is told apart from a drop and an add.
CREATE TABLE yuan_dt_entity (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  ent_no varchar(63) NOT NULL,
  ent_name varchar(255) NOT NULL,
  parent_ent_id bigint,
  tree_field varchar(63) NOT NULL DEFAULT '',
  remark varchar(255) NOT NULL DEFAULT '',
  elements jsonb NOT NULL DEFAULT '[]',
  version integer NOT NULL DEFAULT 1,
  synced jsonb,
  synced_version integer NOT NULL DEFAULT 0,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_dt_entity_no_uq ON yuan_dt_entity (tenant_id, ent_no) WHERE is_deleted = 0;
CREATE INDEX yuan_dt_entity_live_idx ON yuan_dt_entity (tenant_id, id DESC) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_dt_entity');

CREATE TABLE yuan_dt_version (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  kind varchar(16) NOT NULL,
  target_id bigint NOT NULL,
  version integer NOT NULL,
  body jsonb NOT NULL,
  diff jsonb NOT NULL DEFAULT '[]',
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_dt_version_uq ON yuan_dt_version (tenant_id, kind, target_id, version);
SELECT yuan_enable_tenant_rls('yuan_dt_version');

-- Whether a text converts to a type (allow-listed by the caller): the DDL service converts a column's values with it
-- and counts the values a type change would lose before it asks for a confirmation.
CREATE OR REPLACE FUNCTION yuan_castable(v text, t text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF t !~ '^(integer|bigint|numeric\(30,10\)|boolean|date|timestamptz|jsonb|text)$' THEN
    RAISE EXCEPTION 'yuan_castable: type % is not allowed', t;
  END IF;
  EXECUTE format('SELECT %L::%s', v, t);
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END
$$;
