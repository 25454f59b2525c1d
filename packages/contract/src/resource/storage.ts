import { defineResource } from '../resource.ts';
import { SAFE_URL_PATTERN } from '../safe-url.ts';

/** A provider's key pair, the same for storage and SMS: both secret, the secret key never answered back. */
const providerKeys = {
  accessKey: {
    column: 'access_key',
    kind: 'string',
    label: ['accessKey', 'Access key'],
    max: 255,
    secret: true,
  },
  secretKey: {
    column: 'secret_key',
    kind: 'string',
    label: ['secretKey', 'Secret key'],
    max: 255,
    writeOnly: true,
  },
} as const;

/** Object storage configurations (local files by default, S3-compatible/MinIO, Aliyun OSS, Qiniu); one is enabled. */
export const ossResource = defineResource({
  name: 'oss',
  basePath: '/api/yuan-resource/oss',
  table: 'yuan_oss',
  perm: 'oss',
  tenantScoped: true,
  title: ['对象存储', 'Object storage'],
  fields: {
    category: {
      column: 'category',
      kind: 'int',
      label: ['存储类型', 'Kind'],
      required: ['请选择存储类型', 'Please choose the kind'],
      min: 1,
      max: 4,
      search: 'eq',
    },
    ossCode: {
      column: 'oss_code',
      kind: 'string',
      label: ['资源编号', 'Code'],
      required: true,
      max: 64,
      search: 'like',
      unique: true,
    },
    endpoint: { column: 'endpoint', kind: 'string', label: ['资源地址', 'Endpoint'], max: 255 },
    ...providerKeys,
    bucketName: { column: 'bucket_name', kind: 'string', label: ['空间名', 'Bucket'], max: 255 },
    region: { column: 'region', kind: 'string', label: ['地域', 'Region'], max: 64, list: false },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true },
  },
});

/** SMS configurations (Aliyun, Tencent, Qiniu, Yunpian); one is enabled. */
export const smsResource = defineResource({
  name: 'sms',
  basePath: '/api/yuan-resource/sms',
  table: 'yuan_sms',
  perm: 'sms',
  tenantScoped: true,
  title: ['短信配置', 'SMS'],
  fields: {
    category: {
      column: 'category',
      kind: 'int',
      label: ['服务类型', 'Provider'],
      required: ['请选择服务类型', 'Please choose the provider'],
      min: 1,
      max: 4,
      search: 'eq',
    },
    smsCode: {
      column: 'sms_code',
      kind: 'string',
      label: ['资源编号', 'Code'],
      required: true,
      max: 64,
      search: 'like',
      unique: true,
    },
    templateId: {
      column: 'template_id',
      kind: 'string',
      label: ['模板ID', 'Template'],
      required: true,
      max: 64,
    },
    ...providerKeys,
    regionId: { column: 'region_id', kind: 'string', label: ['regionId', 'Region'], max: 64, list: false },
    signName: { column: 'sign_name', kind: 'string', label: ['短信签名', 'Signature'], max: 64 },
    remark: { column: 'remark', kind: 'string', label: ['备注', 'Remark'], textarea: true },
  },
});

/** Attachments: every stored file, recorded by the storage upload. */
export const attachResource = defineResource({
  name: 'attach',
  basePath: '/api/yuan-resource/attach',
  table: 'yuan_attach',
  perm: 'attach',
  tenantScoped: true,
  title: ['附件', 'Attachment'],
  fields: {
    // Drawn as a link and a download button: only an address that stays http(s) or on this origin.
    link: {
      column: 'link',
      kind: 'string',
      label: ['附件地址', 'Link'],
      required: true,
      max: 1000,
      pattern: SAFE_URL_PATTERN,
    },
    domainUrl: { column: 'domain_url', kind: 'string', label: ['附件域名', 'Domain'], max: 255, list: false },
    name: {
      column: 'name',
      kind: 'string',
      label: ['附件名称', 'Name'],
      required: true,
      max: 255,
      search: 'like',
    },
    originalName: {
      column: 'original_name',
      kind: 'string',
      label: ['附件原名', 'Original name'],
      max: 255,
      search: 'like',
    },
    extension: {
      column: 'extension',
      kind: 'string',
      label: ['附件拓展名', 'Extension'],
      max: 16,
      search: 'eq',
    },
    attachSize: { column: 'attach_size', kind: 'int', label: ['附件大小', 'Size'], min: 0 },
  },
});
