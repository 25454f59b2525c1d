-- Scheduled services (/scheduled): a cron expression in a time zone; next_run_at is when the scheduler takes it
-- next (moved forward by the one server process that wins it). Each run is kept with its outcome and log.
ALTER TABLE yuan_script_service ADD COLUMN cron varchar(64) NOT NULL DEFAULT '';
ALTER TABLE yuan_script_service ADD COLUMN time_zone varchar(64) NOT NULL DEFAULT '';
ALTER TABLE yuan_script_service ADD COLUMN next_run_at timestamptz;
CREATE INDEX yuan_script_service_due_idx ON yuan_script_service (next_run_at) WHERE next_run_at IS NOT NULL;

CREATE TABLE yuan_script_run (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  service_id bigint NOT NULL,
  scheduled_at timestamptz NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  duration_ms integer,
  ok boolean,
  error varchar(1000) NOT NULL DEFAULT '',
  logs jsonb NOT NULL DEFAULT '[]',
  value jsonb,
  PRIMARY KEY (tenant_id, id)
);
-- One run per service and planned time, whichever process gets there.
CREATE UNIQUE INDEX yuan_script_run_once_uq ON yuan_script_run (tenant_id, service_id, scheduled_at);
CREATE INDEX yuan_script_run_time_idx ON yuan_script_run (tenant_id, scheduled_at);
SELECT yuan_enable_tenant_rls('yuan_script_run');
