-- Language texts per tenant, language and model, and each signed-in user's language (SPEC §7 i18n/*).
CREATE TABLE yuan_i18n (
  tenant_id varchar(12) NOT NULL,
  id bigint NOT NULL,
  i18n_model varchar(32) NOT NULL DEFAULT 'eth_frontend',
  language varchar(16) NOT NULL,
  i18n_key varchar(200) NOT NULL,
  i18n_text text NOT NULL,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1,
  is_deleted integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX yuan_i18n_key_uq ON yuan_i18n (tenant_id, i18n_model, language, i18n_key) WHERE is_deleted = 0;
SELECT yuan_enable_tenant_rls('yuan_i18n');

CREATE TABLE yuan_user_language (
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  i18n_model varchar(32) NOT NULL,
  language_type varchar(16) NOT NULL,
  update_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id, i18n_model)
);
SELECT yuan_enable_tenant_rls('yuan_user_language');
