import type { StaticOption } from '../../../shared/crud/types.ts';

/** Storage kinds in the order the contract declares them (category 1-4; 1, local files, is the default store). */
export const OSS_CATEGORY: readonly StaticOption[] = [
  { value: 1, label: ['本地存储', 'Local'] },
  { value: 2, label: ['S3 / MinIO', 'S3 / MinIO'] },
  { value: 3, label: ['阿里云 OSS', 'Aliyun OSS'] },
  { value: 4, label: ['七牛云', 'Qiniu'] },
];

/** SMS providers in the order the contract declares them (category 1-4). */
export const SMS_CATEGORY: readonly StaticOption[] = [
  { value: 1, label: ['阿里云', 'Aliyun'] },
  { value: 2, label: ['腾讯云', 'Tencent Cloud'] },
  { value: 3, label: ['七牛云', 'Qiniu'] },
  { value: 4, label: ['云片', 'Yunpian'] },
];
