-- Workflow (SPEC §7 /api/yuan-flow): models edited in the modeller, deployed definitions, running instances with
-- their engine state, user tasks, activity history and timer jobs. All per tenant under row-level security.
CREATE TABLE yuan_flow_model (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  model_key varchar(64) NOT NULL,
  name varchar(128) NOT NULL,
  category varchar(64) NOT NULL DEFAULT '',
  description varchar(500) NOT NULL DEFAULT '',
  xml text NOT NULL,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_flow_model_key_uq ON yuan_flow_model (tenant_id, model_key) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_flow_model');

CREATE TABLE yuan_flow_definition (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  deployment_id bigint NOT NULL,
  key varchar(64) NOT NULL,
  name varchar(128) NOT NULL,
  version integer NOT NULL,
  category varchar(64) NOT NULL DEFAULT '',
  resource_name varchar(255) NOT NULL DEFAULT '',
  xml text NOT NULL,
  suspended boolean NOT NULL DEFAULT false,
  deploy_user bigint,
  deploy_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_flow_definition_version_uq ON yuan_flow_definition (tenant_id, key, version);
CREATE INDEX yuan_flow_definition_deployment_idx ON yuan_flow_definition (tenant_id, deployment_id);
SELECT yuan_enable_tenant_rls('yuan_flow_definition');

CREATE TABLE yuan_flow_instance (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  definition_id bigint NOT NULL,
  business_key varchar(128) NOT NULL DEFAULT '',
  start_user bigint NOT NULL,
  start_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  -- running | completed | deleted | failed
  state varchar(16) NOT NULL,
  delete_reason varchar(255) NOT NULL DEFAULT '',
  error varchar(1000) NOT NULL DEFAULT '',
  -- The engine's own serialised state at the last wait (user task, timer, message).
  engine_state jsonb,
  current_activities jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_flow_instance_def_idx ON yuan_flow_instance (tenant_id, definition_id, state);
CREATE INDEX yuan_flow_instance_state_idx ON yuan_flow_instance (tenant_id, state, start_time DESC);
SELECT yuan_enable_tenant_rls('yuan_flow_instance');

CREATE TABLE yuan_flow_task (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  instance_id bigint NOT NULL,
  activity_id varchar(128) NOT NULL,
  name varchar(255) NOT NULL DEFAULT '',
  assignee varchar(64) NOT NULL DEFAULT '',
  candidate_users varchar(1000) NOT NULL DEFAULT '',
  candidate_groups varchar(1000) NOT NULL DEFAULT '',
  form_page_id varchar(32) NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  claim_time timestamptz,
  complete_time timestamptz,
  complete_user bigint,
  comment varchar(2000) NOT NULL DEFAULT '',
  -- open | done | cancelled
  state varchar(16) NOT NULL DEFAULT 'open',
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_flow_task_open_idx ON yuan_flow_task (tenant_id, state, create_time DESC);
CREATE INDEX yuan_flow_task_instance_idx ON yuan_flow_task (tenant_id, instance_id);
SELECT yuan_enable_tenant_rls('yuan_flow_task');

CREATE TABLE yuan_flow_history (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  instance_id bigint NOT NULL,
  element_id varchar(128) NOT NULL,
  element_name varchar(255) NOT NULL DEFAULT '',
  -- activity | flow
  kind varchar(16) NOT NULL,
  element_type varchar(64) NOT NULL DEFAULT '',
  start_time timestamptz NOT NULL DEFAULT now(),
  end_time timestamptz,
  user_id bigint,
  comment varchar(2000) NOT NULL DEFAULT '',
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_flow_history_instance_idx ON yuan_flow_history (tenant_id, instance_id, start_time);
SELECT yuan_enable_tenant_rls('yuan_flow_history');

-- Timers waiting in an instance: due jobs are leased by one server process at a time.
CREATE TABLE yuan_flow_job (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  instance_id bigint NOT NULL,
  activity_id varchar(128) NOT NULL,
  due_at timestamptz NOT NULL,
  locked_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_flow_job_due_idx ON yuan_flow_job (due_at);
SELECT yuan_enable_tenant_rls('yuan_flow_job');
