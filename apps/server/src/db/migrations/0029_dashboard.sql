-- The dashboard's figures (/wel/dashboard): each is one query of one tenant, over a range of days where it has
-- one. These indexes let each read only that tenant's rows of those days (checked with EXPLAIN) instead of every
-- tenant's log rows of the range (the logs' own time indexes serve the retention sweep, across tenants).
CREATE INDEX yuan_user_created_idx ON yuan_user (tenant_id, create_time) WHERE is_deleted = 0;
CREATE INDEX yuan_log_api_tenant_time_idx ON yuan_log_api (tenant_id, create_time);
CREATE INDEX yuan_log_error_tenant_time_idx ON yuan_log_error (tenant_id, create_time);
CREATE INDEX yuan_log_usual_event_time_idx ON yuan_log_usual (tenant_id, log_id, create_time);
-- The storage used is summed from the index alone.
CREATE INDEX yuan_attach_size_idx ON yuan_attach (tenant_id, attach_size) WHERE is_deleted = 0;
-- A range of days becomes a range of block numbers, which the event indexes by address already order.
CREATE INDEX yuan_chain_block_time_idx ON yuan_chain_block (chain_id, time);
