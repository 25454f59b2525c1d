import type { ColumnType, Generated } from 'kysely';

/** bigint ids are read as decimal strings and may be written as strings. */
export type Id = string;
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
type Audit = {
  create_user: Id | null;
  create_dept: Id | null;
  create_time: Ts;
  update_user: Id | null;
  update_time: Ts;
  status: Generated<number>;
  is_deleted: Generated<number>;
};

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

export interface ClientTable extends Audit {
  id: Id;
  client_id: string;
  client_secret: string;
  resource_ids: Generated<string>;
  scope: Generated<string>;
  authorized_grant_types: Generated<string>;
  web_server_redirect_uri: Generated<string>;
  authorities: Generated<string>;
  access_token_validity: Generated<number>;
  refresh_token_validity: Generated<number>;
  additional_information: Generated<string>;
  autoapprove: Generated<string>;
}

export interface DatasourceTable extends Audit {
  id: Id;
  name: string;
  driver_class: Generated<string>;
  url: string;
  username: Generated<string>;
  password: Generated<string>;
  remark: Generated<string>;
}

export interface SmsTable extends Audit {
  tenant_id: string;
  id: Id;
  category: number;
  sms_code: string;
  template_id: string;
  access_key: Generated<string>;
  secret_key: Generated<string>;
  region_id: Generated<string>;
  sign_name: Generated<string>;
  remark: Generated<string>;
}

export interface OssTable extends Audit {
  tenant_id: string;
  id: Id;
  category: number;
  oss_code: string;
  endpoint: Generated<string>;
  access_key: Generated<string>;
  secret_key: Generated<string>;
  bucket_name: Generated<string>;
  region: Generated<string>;
  remark: Generated<string>;
}

export interface VerifyCodeTable {
  tenant_id: string;
  id: Id;
  purpose: string;
  target: string;
  code_hash: string;
  attempts: Generated<number>;
  ip: Generated<string>;
  expires_at: Ts;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  create_time: Generated<Date>;
}

export interface SessionTable {
  id: Id;
  tenant_id: string;
  user_id: Id;
  client_id: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
  create_time: Generated<Date>;
  expires_at: Ts;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoke_reason: Generated<string>;
  active_dept: ColumnType<Id | null, Id | null | undefined, Id | null>;
  active_role: ColumnType<Id | null, Id | null | undefined, Id | null>;
}

export interface RefreshTokenTable {
  token_hash: string;
  session_id: Id;
  create_time: Generated<Date>;
  expires_at: Ts;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface LoginFailureTable {
  key: string;
  failures: number;
  window_start: Ts;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CaptchaTable {
  key: string;
  kind: string;
  answer: string;
  expires_at: Ts;
}

export interface LogErrorTable {
  tenant_id: string;
  id: Id;
  source: Generated<string>;
  type: Generated<string>;
  method: Generated<string>;
  request_uri: Generated<string>;
  user_agent: Generated<string>;
  remote_ip: Generated<string>;
  message: Generated<string>;
  stack_trace: Generated<string>;
  info: Generated<string>;
  client_time: Generated<string>;
  create_by: Generated<string>;
  create_time: Generated<Date>;
}

export interface HelpVideoTable {
  id: Id;
  title: string;
  front_path: Generated<string>;
  content_path: string;
  column_no: Generated<string>;
  sort: Generated<number>;
  is_deleted: Generated<number>;
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

export interface LogApiTable {
  tenant_id: string;
  id: Id;
  title: Generated<string>;
  method: string;
  request_uri: string;
  params: Generated<string>;
  status: number;
  time: number;
  remote_ip: Generated<string>;
  user_agent: Generated<string>;
  create_by: Generated<string>;
  create_time: Generated<Date>;
}

export interface LogUsualTable {
  tenant_id: string;
  id: Id;
  log_level: Generated<string>;
  log_id: string;
  log_data: Generated<string>;
  request_uri: Generated<string>;
  remote_ip: Generated<string>;
  user_agent: Generated<string>;
  user_id: Id | null;
  create_by: Generated<string>;
  create_time: Generated<Date>;
}

export interface NoticeTable extends Audit {
  tenant_id: string;
  id: Id;
  title: string;
  subtitle: Generated<string>;
  tag: Generated<string>;
  img: Generated<string>;
  source_from: Generated<string>;
  content: Generated<string>;
}

export interface NoticeReadTable {
  tenant_id: string;
  notice_id: Id;
  user_id: Id;
  read_time: Generated<Date>;
}

export interface AttachTable extends Audit {
  tenant_id: string;
  id: Id;
  link: string;
  domain_url: Generated<string>;
  name: string;
  original_name: Generated<string>;
  extension: Generated<string>;
  attach_size: Generated<string | number>;
}

export interface DB {
  yuan_tenant: TenantTable;
  yuan_dept: DeptTable;
  yuan_post: PostTable;
  yuan_role: RoleTable;
  yuan_user: UserTable;
  yuan_menu: MenuTable;
  yuan_role_menu: RoleMenuTable;
  yuan_top_menu: TopMenuTable;
  yuan_top_menu_setting: TopMenuSettingTable;
  yuan_client: ClientTable;
  yuan_datasource: DatasourceTable;
  yuan_verify_code: VerifyCodeTable;
  yuan_sms: SmsTable;
  yuan_oss: OssTable;
  yuan_session: SessionTable;
  yuan_refresh_token: RefreshTokenTable;
  yuan_login_failure: LoginFailureTable;
  yuan_captcha: CaptchaTable;
  yuan_log_error: LogErrorTable;
  yuan_help_video: HelpVideoTable;
  yuan_tenant_package: TenantPackageTable;
  yuan_scope_data: ScopeTable;
  yuan_scope_api: ScopeTable;
  yuan_role_scope: RoleScopeTable;
  yuan_region: RegionTable;
  yuan_param: ParamTable;
  yuan_log_api: LogApiTable;
  yuan_log_usual: LogUsualTable;
  yuan_notice: NoticeTable;
  yuan_notice_read: NoticeReadTable;
  yuan_attach: AttachTable;
}
