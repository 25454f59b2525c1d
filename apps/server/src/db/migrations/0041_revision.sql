-- Every change through the generic CRUD keeps its revision: who changed which row of which resource, in which call,
-- and each changed field before and after (a secret field is named without its values). The revision is written by
-- the same statement as the change (lib/crud/revisions.ts), read per row newest first, and pruned by age.
CREATE TABLE yuan_revision (
  id bigserial PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  resource varchar(64) NOT NULL,
  row_id bigint NOT NULL,
  action varchar(8) NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  user_id bigint,
  user_name varchar(64),
  request_id varchar(64),
  changes jsonb NOT NULL DEFAULT '[]',
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX yuan_revision_row_idx ON yuan_revision (tenant_id, resource, row_id, id DESC);
CREATE INDEX yuan_revision_time_idx ON yuan_revision (create_time);
SELECT yuan_enable_tenant_rls('yuan_revision'::regclass);
