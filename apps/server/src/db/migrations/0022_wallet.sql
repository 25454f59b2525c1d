-- Custodial wallets (SPEC §1 wallet area): the key sealed under DATA_KEY and never answered; the wallet password
-- hashed like a sign-in password; the e-mail that receives payment codes.
CREATE TABLE yuan_wallet (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  user_id bigint NOT NULL,
  name varchar(64) NOT NULL,
  address varchar(42) NOT NULL,
  sealed_key text NOT NULL,
  password_hash text NOT NULL,
  email varchar(128) NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_wallet_address_uq ON yuan_wallet (tenant_id, user_id, lower(address)) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_wallet');
