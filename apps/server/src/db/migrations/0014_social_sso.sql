-- Third-party identities (OpenID Connect sign-in): one row per provider account, linked to a user once the guest
-- has registered (user_id stays NULL until then).
CREATE TABLE yuan_user_oauth (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  source varchar(32) NOT NULL,
  uuid varchar(255) NOT NULL,
  user_id bigint,
  username varchar(255) NOT NULL DEFAULT '',
  nickname varchar(255) NOT NULL DEFAULT '',
  email varchar(255) NOT NULL DEFAULT '',
  avatar varchar(1024) NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_user_oauth_identity ON yuan_user_oauth (tenant_id, source, uuid);
SELECT yuan_enable_tenant_rls('yuan_user_oauth');

-- A pending third-party sign-in: the state sent to the provider (hashed), the PKCE verifier and nonce, and the
-- digest of the browser cookie that started it. Single use, ten minutes.
CREATE TABLE yuan_oauth_state (
  tenant_id varchar(12) NOT NULL,
  state_hash varchar(64) PRIMARY KEY,
  source varchar(32) NOT NULL,
  browser_hash varchar(64) NOT NULL,
  verifier varchar(128) NOT NULL,
  nonce varchar(64) NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  create_time timestamptz NOT NULL DEFAULT now()
);
SELECT yuan_enable_tenant_rls('yuan_oauth_state');

-- Single sign-on for other applications (OAuth clients with the authorization_code grant): a request approved by a
-- signed-in user, optionally after an e-mailed code (handle_hash is then the ssoCode the browser holds), becomes a
-- one-time authorization code bound to the client and its redirect_uri.
CREATE TABLE yuan_sso_code (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  user_id bigint NOT NULL,
  client_id varchar(64) NOT NULL,
  redirect_uri varchar(1024) NOT NULL,
  state varchar(512) NOT NULL DEFAULT '',
  handle_hash varchar(64),
  code_hash varchar(64),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  session_id bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_sso_code_code ON yuan_sso_code (code_hash) WHERE code_hash IS NOT NULL;
CREATE UNIQUE INDEX yuan_sso_code_handle ON yuan_sso_code (handle_hash) WHERE handle_hash IS NOT NULL;
SELECT yuan_enable_tenant_rls('yuan_sso_code');
