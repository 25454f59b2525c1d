import type { ColumnType, Generated } from 'kysely';
import type { Audit, Id, Ts } from './common.ts';

/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

export interface DtEleDefTable extends Audit {
  tenant_id: string;
  id: Id;
  def_no: string;
  def_name: string;
  data_typ: string;
  verify_json: ColumnType<unknown, string | null, string | null>;
  dict_code: Generated<string>;
  remark: Generated<string>;
}

export interface DtEntityTable extends Audit {
  tenant_id: string;
  id: Id;
  ent_no: string;
  ent_name: string;
  parent_ent_id: Id | null;
  tree_field: Generated<string>;
  remark: Generated<string>;
  elements: Json<unknown[]>;
  version: Generated<number>;
  synced: ColumnType<unknown[] | null, string | null, string | null>;
  synced_version: Generated<number>;
}

export interface DtVersionTable {
  tenant_id: string;
  id: Id;
  kind: string;
  target_id: Id;
  version: number;
  body: Json<unknown>;
  diff: Json<unknown[]>;
  create_user: Id | null;
  create_time: Ts;
}

/** The ER diagram's table positions of a tenant: entity id → {x, y}. */
export interface ErdLayoutTable {
  tenant_id: string;
  positions: Json<Record<string, { x: number; y: number }>>;
  update_user: Id | null;
  update_time: Ts;
}

export interface ReportTable extends Audit {
  tenant_id: string;
  id: Id;
  name: string;
  query_sql: string;
  params: ColumnType<unknown, string | null, string | null>;
  view: ColumnType<unknown, string | null, string | null>;
  cache_seconds: Generated<number>;
  role_ids: Generated<string>;
  remark: Generated<string>;
}

export interface I18nTable extends Audit {
  tenant_id: string;
  id: Id;
  i18n_model: Generated<string>;
  language: string;
  i18n_key: string;
  i18n_text: string;
}

export interface UserLanguageTable {
  tenant_id: string;
  user_id: Id;
  i18n_model: string;
  language_type: string;
  update_time: Ts;
}
