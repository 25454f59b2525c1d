import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import { aliyunProvider } from './aliyun.ts';
import { qiniuProvider } from './qiniu.ts';
import { SmsSendError } from './sms-http.ts';
import { tencentProvider } from './tencent.ts';
import { yunpianProvider } from './yunpian.ts';

export { SmsSendError } from './sms-http.ts';

/** 1 Aliyun, 2 Tencent, 3 Qiniu, 4 Yunpian (the values stored in yuan_sms.category). */
export type SmsCategory = 1 | 2 | 3 | 4;

/** One yuan_sms row's credentials and template, as the adapters need them. */
export interface SmsConfig {
  category: number;
  accessKey: string;
  secretKey: string;
  regionId: string;
  signName: string;
  templateId: string;
}

export interface SmsMessage {
  phones: string[];
  params: Record<string, string>;
}

export interface SmsProvider {
  /** Resolves once the provider accepted the message for every phone; otherwise throws SmsSendError. */
  send(config: SmsConfig, message: SmsMessage): Promise<void>;
}

/** Base URLs per provider; tests point them at a local server. */
export interface SmsEndpoints {
  aliyun: string;
  tencent: string;
  qiniu: string;
  yunpian: string;
}

export const SMS_ENDPOINTS: SmsEndpoints = {
  aliyun: 'https://dysmsapi.aliyuncs.com',
  tencent: 'https://sms.tencentcloudapi.com',
  qiniu: 'https://sms.qiniuapi.com',
  yunpian: 'https://sms.yunpian.com',
};

/** The providers' base URLs: the public APIs, with the operator's SMS_ENDPOINTS over them. */
export function smsEndpoints(endpoints: Partial<SmsEndpoints> = {}): SmsEndpoints {
  return { ...SMS_ENDPOINTS, ...endpoints };
}

/**
 * The adapter for a yuan_sms.category value; throws SmsSendError for a category no adapter speaks. No field of a
 * tenant's configuration is part of an address: requests go to `endpoints` only, through `transport`.
 */
export function smsProvider(
  category: number,
  endpoints: Partial<SmsEndpoints>,
  transport: Transport,
): SmsProvider {
  const urls = smsEndpoints(endpoints);
  switch (category) {
    case 1:
      return aliyunProvider(urls.aliyun, transport);
    case 2:
      return tencentProvider(urls.tencent, transport);
    case 3:
      return qiniuProvider(urls.qiniu, transport);
    case 4:
      return yunpianProvider(urls.yunpian, transport);
    default:
      throw new SmsSendError('unknown', `unknown SMS category ${category}`);
  }
}
