-- Operation-guide videos become a tenant's own, managed at /help/video like any tenant table: keyed (tenant_id, id),
-- the standard audit columns, forced row-level security. The videos there were platform-wide: the platform tenant
-- keeps them.
ALTER TABLE yuan_help_video ADD COLUMN tenant_id varchar(12) NOT NULL DEFAULT '000000';
ALTER TABLE yuan_help_video ALTER COLUMN tenant_id DROP DEFAULT;
ALTER TABLE yuan_help_video DROP CONSTRAINT yuan_help_video_pkey;
ALTER TABLE yuan_help_video ADD PRIMARY KEY (tenant_id, id);
ALTER TABLE yuan_help_video
  ADD COLUMN create_user bigint,
  ADD COLUMN create_dept bigint,
  ADD COLUMN create_time timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN update_user bigint,
  ADD COLUMN update_time timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN status integer NOT NULL DEFAULT 1;
-- The column codes are M01, P01 and P03 (SPEC §9); anything else was never shown under a column.
UPDATE yuan_help_video SET column_no = 'M01' WHERE column_no NOT IN ('M01', 'P01', 'P03');
-- The dialog reads a tenant's live videos by column, in their order.
CREATE INDEX yuan_help_video_column_idx ON yuan_help_video (tenant_id, column_no, sort) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_help_video');
