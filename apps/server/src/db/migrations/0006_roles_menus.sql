-- Data and API scopes granted to roles (category 1 = data scope, 2 = API scope).
CREATE TABLE yuan_role_scope (
  tenant_id varchar(12) NOT NULL,
  role_id bigint NOT NULL,
  scope_category integer NOT NULL,
  scope_id bigint NOT NULL,
  PRIMARY KEY (tenant_id, role_id, scope_category, scope_id)
);
SELECT yuan_enable_tenant_rls('yuan_role_scope');
CREATE INDEX yuan_role_parent_idx ON yuan_role (tenant_id, parent_id) WHERE is_deleted = 0;
CREATE INDEX yuan_top_menu_setting_menu_idx ON yuan_top_menu_setting (tenant_id, menu_id);

-- Menus are managed through the generic resource, which keeps the audit columns.
ALTER TABLE yuan_menu
  ADD COLUMN create_user bigint, ADD COLUMN create_dept bigint,
  ADD COLUMN create_time timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN update_user bigint, ADD COLUMN update_time timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN status integer NOT NULL DEFAULT 1;

-- Platform-specific settings of a user (user/update-platform).
ALTER TABLE yuan_user ADD COLUMN user_ext text NOT NULL DEFAULT '';
