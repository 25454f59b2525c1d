import type { ColumnType, Generated } from 'kysely';
import type { Audit, Id, Ts } from './common.ts';

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

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface UserOauthTable {
  tenant_id: string;
  id: Id;
  source: string;
  uuid: string;
  user_id: Nullable<Id>;
  username: Generated<string>;
  nickname: Generated<string>;
  email: Generated<string>;
  avatar: Generated<string>;
  create_time: Generated<Date>;
  update_time: Generated<Date>;
}

export interface OauthStateTable {
  tenant_id: string;
  state_hash: string;
  source: string;
  browser_hash: string;
  verifier: string;
  nonce: string;
  expires_at: Ts;
  used_at: Nullable<Date>;
  create_time: Generated<Date>;
}

export interface SsoCodeTable {
  tenant_id: string;
  id: Id;
  user_id: Id;
  client_id: string;
  redirect_uri: string;
  state: Generated<string>;
  handle_hash: Nullable<string>;
  code_hash: Nullable<string>;
  expires_at: Ts;
  used_at: Nullable<Date>;
  session_id: Nullable<Id>;
  create_time: Generated<Date>;
}
