-- One-time codes sent by SMS or e-mail (phone sign-in, e-mail checks, password retrieval): stored hashed, single use,
-- expiring, with a count of wrong tries.
CREATE TABLE yuan_verify_code (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  purpose varchar(32) NOT NULL,
  target varchar(128) NOT NULL,
  code_hash varchar(64) NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  ip varchar(64) NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX yuan_verify_code_target ON yuan_verify_code (tenant_id, purpose, target, create_time DESC);
CREATE INDEX yuan_verify_code_ip ON yuan_verify_code (tenant_id, ip, create_time DESC);
SELECT yuan_enable_tenant_rls('yuan_verify_code');
