import type { Generated } from 'kysely';
import type { Audit, Id } from './common.ts';

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

export interface HelpVideoTable extends Audit {
  tenant_id: string;
  id: Id;
  title: string;
  front_path: Generated<string>;
  content_path: string;
  column_no: Generated<string>;
  sort: Generated<number>;
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
