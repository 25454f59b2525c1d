import type { ColumnType, Generated } from 'kysely';
import type { Audit, Id } from './common.ts';

export interface TenantTable extends Audit {
  id: Id;
  tenant_id: string;
  tenant_name: string;
  domain_url: Generated<string>;
  background_url: Generated<string>;
  contact_person: Generated<string>;
  contact_number: Generated<string>;
  address: Generated<string>;
  account_number: Generated<number>;
  expire_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  package_id: Id | null;
  datasource_id: Id | null;
  license_key: Generated<string>;
}

export interface DeptTable extends Audit {
  tenant_id: string;
  id: Id;
  parent_id: Generated<Id>;
  ancestors: Generated<string>;
  dept_category: Generated<number>;
  dept_name: string;
  full_name: Generated<string>;
  sort: Generated<number>;
  remark: Generated<string>;
}

export interface PostTable extends Audit {
  tenant_id: string;
  id: Id;
  category: Generated<number>;
  post_code: string;
  post_name: string;
  sort: Generated<number>;
  remark: Generated<string>;
}

export interface RoleTable extends Audit {
  tenant_id: string;
  id: Id;
  parent_id: Generated<Id>;
  role_name: string;
  role_alias: string;
  sort: Generated<number>;
}

export interface UserTable extends Audit {
  tenant_id: string;
  id: Id;
  code: Generated<string>;
  user_type: Generated<number>;
  account: string;
  password: string;
  name: Generated<string>;
  real_name: Generated<string>;
  avatar: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  birthday: Date | null;
  sex: Generated<number>;
  role_id: Generated<string>;
  dept_id: Generated<string>;
  post_id: Generated<string>;
  oauth_id: Generated<string>;
  language: Generated<string>;
  user_ext: Generated<string>;
}

export interface MenuTable {
  id: Id;
  parent_id: Generated<Id>;
  code: string;
  name: string;
  name_en: Generated<string>;
  alias: Generated<string>;
  path: Generated<string>;
  source: Generated<string>;
  sort: Generated<number>;
  category: Generated<number>;
  action: Generated<number>;
  is_open: Generated<number>;
  hidden: Generated<number>;
  remark: Generated<string>;
  is_deleted: Generated<number>;
}

export interface RoleMenuTable {
  tenant_id: string;
  role_id: Id;
  menu_id: Id;
}

export interface TopMenuTable extends Audit {
  tenant_id: string;
  id: Id;
  code: string;
  name: string;
  name_en: Generated<string>;
  source: Generated<string>;
  path: Generated<string>;
  sort: Generated<number>;
}

export interface TopMenuSettingTable {
  tenant_id: string;
  top_menu_id: Id;
  menu_id: Id;
}

export interface TenantPackageTable extends Audit {
  id: Id;
  package_name: string;
  menu_id: string;
  remark: string | null;
}

export interface ScopeTable extends Audit {
  id: Id;
  menu_id: Id;
  resource_code: string;
  scope_name: string;
  scope_type: number;
  scope_column: string | null;
  scope_value: string | null;
  scope_path: string;
  remark: string | null;
}

export interface RoleScopeTable {
  tenant_id: string;
  role_id: Id;
  scope_category: number;
  scope_id: Id;
}

export interface RegionTable extends Audit {
  id: Id;
  code: string;
  parent_code: string;
  ancestors: Generated<string>;
  name: string;
  region_level: number;
  sort: Generated<number>;
  remark: Generated<string>;
}

export interface ParamTable extends Audit {
  tenant_id: string;
  id: Id;
  param_name: string;
  param_key: string;
  param_value: string;
  remark: string | null;
}
