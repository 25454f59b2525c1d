-- Triggers on data events (decision 0054): a tenant's rule "when a row of this resource is created, changed or
-- removed (and the condition holds), start a process, run a flow service or call a webhook".
CREATE TABLE yuan_trigger (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  name varchar(64) NOT NULL,
  resource varchar(64) NOT NULL,
  events text[] NOT NULL,
  fields text[] NOT NULL DEFAULT '{}',
  condition text NOT NULL DEFAULT '',
  action jsonb NOT NULL,
  -- A webhook's signing secret, sealed (lib/secret-box.ts); never answered.
  secret text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint,
  update_time timestamptz NOT NULL DEFAULT now(),
  is_deleted smallint NOT NULL DEFAULT 0
);
CREATE INDEX yuan_trigger_resource_idx ON yuan_trigger (tenant_id, resource) WHERE is_deleted = 0 AND enabled;
SELECT yuan_enable_tenant_rls('yuan_trigger'::regclass);

-- The outbox: a change's revision that an enabled trigger of the tenant watches (its resource and action) is noted
-- here by the change's own statement (lib/crud/revisions.ts), and the job runner takes it from here after the commit.
-- A write to a resource nobody watches costs one index probe.
CREATE TABLE yuan_trigger_event (
  revision_id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
SELECT yuan_enable_tenant_rls('yuan_trigger_event'::regclass);

-- One event's delivery to one trigger's action: the body sent (the same on every attempt, so its signature is),
-- its attempts, and when the next one is due.
CREATE TABLE yuan_trigger_delivery (
  id bigserial PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  trigger_id bigint NOT NULL,
  revision_id bigint NOT NULL,
  payload jsonb NOT NULL,
  status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt timestamptz,
  response_code int,
  duration_ms int,
  last_error text NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  UNIQUE (trigger_id, revision_id)
);
CREATE INDEX yuan_trigger_delivery_due_idx ON yuan_trigger_delivery (next_attempt) WHERE status = 'pending';
CREATE INDEX yuan_trigger_delivery_list_idx ON yuan_trigger_delivery (tenant_id, trigger_id, id DESC);
SELECT yuan_enable_tenant_rls('yuan_trigger_delivery'::regclass);
