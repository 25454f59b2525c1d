-- A second factor for signing in (decision 0055): TOTP authenticators and passkeys per user, one-time recovery
-- codes, and the pending second step of a sign-in whose password was right.
CREATE TABLE yuan_mfa_factor (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  kind varchar(8) NOT NULL CHECK (kind IN ('totp', 'passkey')),
  name varchar(64) NOT NULL DEFAULT '',
  -- TOTP: the shared secret, sealed (lib/secret-box.ts). Passkey: empty.
  secret text NOT NULL DEFAULT '',
  -- TOTP: the last time step a code was accepted for; a code of that step or an earlier one is refused.
  last_step bigint NOT NULL DEFAULT 0,
  -- Passkey: the credential's id (base64url), public key (COSE, base64url), signature counter and transports.
  credential_id varchar(1024),
  public_key text NOT NULL DEFAULT '',
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  -- A TOTP secret counts once a code from it was given back (setup, then confirm).
  confirmed boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX yuan_mfa_factor_user_idx ON yuan_mfa_factor (tenant_id, user_id);
CREATE UNIQUE INDEX yuan_mfa_factor_credential_uq ON yuan_mfa_factor (tenant_id, credential_id) WHERE credential_id IS NOT NULL;
SELECT yuan_enable_tenant_rls('yuan_mfa_factor'::regclass);

-- Ten one-time recovery codes per user, shown once when TOTP is added; only their digests are kept.
CREATE TABLE yuan_mfa_recovery (
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  code_hash varchar(64) NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (tenant_id, user_id, code_hash)
);
SELECT yuan_enable_tenant_rls('yuan_mfa_recovery'::regclass);

-- The second step of a sign-in: the first step's user and client, bound to an unguessable token (its digest here),
-- alive five minutes; a WebAuthn challenge when a passkey is asked for; failures, so a token cannot be tried forever.
CREATE TABLE yuan_mfa_challenge (
  token_hash varchar(64) PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  client_id varchar(64) NOT NULL,
  -- The user must add a factor before the first token (the tenant requires one and the user has none).
  setup boolean NOT NULL DEFAULT false,
  webauthn_challenge varchar(128) NOT NULL DEFAULT '',
  failures int NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
SELECT yuan_enable_tenant_rls('yuan_mfa_challenge'::regclass);

-- Clients that sign in with a password complete the second step with the mfa grant.
ALTER TABLE yuan_client ALTER COLUMN authorized_grant_types
  SET DEFAULT 'refresh_token,password,authorization_code,captcha,social,mfa';
UPDATE yuan_client SET authorized_grant_types = authorized_grant_types || ',mfa'
  WHERE ',' || authorized_grant_types || ',' LIKE '%,password,%'
    AND ',' || authorized_grant_types || ',' NOT LIKE '%,mfa,%';
