CREATE TABLE yuan_notice (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  title varchar(255) NOT NULL,
  subtitle varchar(255) NOT NULL DEFAULT '',
  tag varchar(64) NOT NULL DEFAULT '',
  img varchar(1000) NOT NULL DEFAULT '',
  source_from varchar(32) NOT NULL DEFAULT 'p010',
  content text NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_notice_live_idx ON yuan_notice (tenant_id, id DESC) WHERE is_deleted = 0;

-- Which user has opened which notice (the bell counts the rest).
CREATE TABLE yuan_notice_read (
  tenant_id varchar(12) NOT NULL,
  notice_id bigint NOT NULL,
  user_id bigint NOT NULL,
  read_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, notice_id)
);
SELECT yuan_enable_tenant_rls('yuan_notice');
SELECT yuan_enable_tenant_rls('yuan_notice_read');
