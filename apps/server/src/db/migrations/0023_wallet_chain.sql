-- Payments, swaps and code redemptions by request id: the client's key for one payment, so a retry answers the
-- first result and never pays twice.
CREATE TABLE yuan_wallet_request (
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  request_id varchar(64) NOT NULL,
  wallet_id bigint NOT NULL,
  kind varchar(16) NOT NULL,
  to_address varchar(42) NOT NULL DEFAULT '',
  amount numeric(78, 0) NOT NULL DEFAULT 0,
  tx_hash varchar(66),
  status varchar(16) NOT NULL DEFAULT 'sending',
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, request_id)
);
CREATE INDEX yuan_wallet_request_tx ON yuan_wallet_request (tx_hash);
SELECT yuan_enable_tenant_rls('yuan_wallet_request');

-- The chain as indexed: public data of the chain (no tenant's), read by every tenant for its own addresses.
CREATE TABLE yuan_chain_cursor (
  chain_id integer PRIMARY KEY,
  last_block bigint NOT NULL
);
CREATE TABLE yuan_chain_block (
  chain_id integer NOT NULL,
  number bigint NOT NULL,
  hash varchar(66) NOT NULL,
  time timestamptz NOT NULL,
  tx_count integer NOT NULL,
  PRIMARY KEY (chain_id, number)
);
-- kind: transfer (YBI Transfer; a mint comes from the zero address), swap (the pool's Swap), issue (Issued: a mint
-- attributed to a territory). Addresses lower-case; amounts in the token's smallest unit.
CREATE TABLE yuan_chain_event (
  chain_id integer NOT NULL,
  block_number bigint NOT NULL,
  tx_hash varchar(66) NOT NULL,
  log_index integer NOT NULL,
  kind varchar(16) NOT NULL,
  from_address varchar(42) NOT NULL,
  to_address varchar(42) NOT NULL,
  amount numeric(78, 0) NOT NULL,
  amount_out numeric(78, 0),
  territory varchar(32),
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX yuan_chain_event_from ON yuan_chain_event (chain_id, from_address, block_number DESC);
CREATE INDEX yuan_chain_event_to ON yuan_chain_event (chain_id, to_address, block_number DESC);
CREATE INDEX yuan_chain_event_block ON yuan_chain_event (chain_id, block_number);
CREATE INDEX yuan_chain_event_issue ON yuan_chain_event (chain_id, kind, territory) WHERE kind = 'issue';

-- One-time redemption codes (sdk/create): only a hash kept; a code is used by exactly one claim.
CREATE TABLE yuan_sdk_code (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  batch_id bigint NOT NULL,
  code_hash varchar(64) NOT NULL,
  amount numeric(78, 0) NOT NULL,
  territory varchar(12),
  expires_at timestamptz NOT NULL,
  used_by bigint,
  used_wallet bigint,
  used_time timestamptz,
  tx_hash varchar(66),
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_sdk_code_hash ON yuan_sdk_code (tenant_id, code_hash);
SELECT yuan_enable_tenant_rls('yuan_sdk_code');
-- Wrong codes tried, per user: redemption is refused for a while after too many.
CREATE TABLE yuan_sdk_miss (
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX yuan_sdk_miss_user ON yuan_sdk_miss (tenant_id, user_id, create_time DESC);
SELECT yuan_enable_tenant_rls('yuan_sdk_miss');
