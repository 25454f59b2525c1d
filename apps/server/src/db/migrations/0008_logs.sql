-- API log: one row per API call (written in batches after the response).
CREATE TABLE yuan_log_api (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  title varchar(255) NOT NULL DEFAULT '',
  method varchar(16) NOT NULL,
  request_uri varchar(2048) NOT NULL,
  params text NOT NULL DEFAULT '',
  status integer NOT NULL,
  time integer NOT NULL,
  remote_ip varchar(64) NOT NULL DEFAULT '',
  user_agent varchar(512) NOT NULL DEFAULT '',
  create_by varchar(64) NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_log_api_time_idx ON yuan_log_api (create_time);

-- Usual log: business events (sign-ins, …) written through one logging service.
CREATE TABLE yuan_log_usual (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  log_level varchar(16) NOT NULL DEFAULT 'info',
  log_id varchar(64) NOT NULL,
  log_data text NOT NULL DEFAULT '',
  request_uri varchar(2048) NOT NULL DEFAULT '',
  remote_ip varchar(64) NOT NULL DEFAULT '',
  user_agent varchar(512) NOT NULL DEFAULT '',
  user_id bigint,
  create_by varchar(64) NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_log_usual_time_idx ON yuan_log_usual (create_time);
CREATE INDEX yuan_log_usual_user_idx ON yuan_log_usual (tenant_id, user_id, log_id);
CREATE INDEX yuan_log_error_time_idx ON yuan_log_error (create_time);

SELECT yuan_enable_tenant_rls('yuan_log_api');
SELECT yuan_enable_tenant_rls('yuan_log_usual');
