import type {
  CaptchaTable,
  ClientTable,
  LoginFailureTable,
  OauthStateTable,
  RefreshTokenTable,
  SessionTable,
  SsoCodeTable,
  UserOauthTable,
  VerifyCodeTable,
} from './schema/auth.ts';
import type {
  DtEleDefTable,
  DtEntityTable,
  DtVersionTable,
  ErdLayoutTable,
  I18nTable,
  UserLanguageTable,
  ReportTable,
} from './schema/lowcode.ts';
import type {
  DeptTable,
  MenuTable,
  ParamTable,
  PostTable,
  RegionTable,
  RoleMenuTable,
  RoleScopeTable,
  RoleTable,
  ScopeTable,
  TenantPackageTable,
  TenantTable,
  TopMenuSettingTable,
  TopMenuTable,
  UserTable,
} from './schema/organisation.ts';
import type {
  AttachTable,
  DatasourceTable,
  HelpVideoTable,
  LogApiTable,
  LogErrorTable,
  LogUsualTable,
  NoticeReadTable,
  NoticeTable,
  OssTable,
  SmsTable,
} from './schema/resources.ts';

export type * from './schema/auth.ts';
export type { Id } from './schema/common.ts';
export type * from './schema/lowcode.ts';
export type * from './schema/organisation.ts';
export type * from './schema/resources.ts';

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
  yuan_user_oauth: UserOauthTable;
  yuan_oauth_state: OauthStateTable;
  yuan_sso_code: SsoCodeTable;
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
  yuan_dt_ele_def: DtEleDefTable;
  yuan_dt_entity: DtEntityTable;
  yuan_dt_version: DtVersionTable;
  yuan_erd_layout: ErdLayoutTable;
  yuan_report: ReportTable;
  yuan_i18n: I18nTable;
  yuan_user_language: UserLanguageTable;
}
