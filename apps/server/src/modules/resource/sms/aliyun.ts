import { createHmac, randomUUID } from 'node:crypto';
import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import { describe, joinUrl, post, record, requirePhones, sendError, text } from './sms-http.ts';
import type { SmsConfig, SmsMessage, SmsProvider } from './sms-provider.ts';

const PROVIDER = 'aliyun';

/**
 * Aliyun's percent-encoding (RFC 3986): everything but A-Z a-z 0-9 - _ . ~ is escaped, space as %20.
 * encodeURIComponent already yields %20 and leaves ~ alone (so the Java-oriented "+ → %20, %7E → ~" steps
 * are no-ops here), but it leaves ! ' ( ) * unescaped, which Aliyun escapes: without these a template
 * parameter such as "(5 min)" would be signed differently from how Aliyun recomputes it.
 */
export function aliyunEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** ISO 8601 UTC without milliseconds, the only form Aliyun's RPC gateway accepts. */
function timestamp(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RPC-style signature over the sorted, encoded parameters (POST, path "/"). */
export function aliyunSignature(params: Record<string, string>, secretKey: string): string {
  const canonical = canonicalQuery(params);
  const stringToSign = `POST&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${secretKey}&`).update(stringToSign, 'utf8').digest('base64');
}

function canonicalQuery(params: Record<string, string>): string {
  // Names are ASCII, so the default UTF-16 sort equals the byte order Aliyun specifies.
  return Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`)
    .join('&');
}

/** Dysmsapi SendSms (2017-05-25), sent as a POST form so the parameters stay out of URLs and logs. */
export function aliyunProvider(baseUrl: string, transport: Transport): SmsProvider {
  return {
    async send(config: SmsConfig, message: SmsMessage): Promise<void> {
      const secrets = [config.secretKey];
      const phones = requirePhones(PROVIDER, message.phones);
      const params: Record<string, string> = {
        Action: 'SendSms',
        Version: '2017-05-25',
        Format: 'JSON',
        RegionId: config.regionId || 'cn-hangzhou',
        PhoneNumbers: phones.join(','),
        SignName: config.signName,
        TemplateCode: config.templateId,
        AccessKeyId: config.accessKey,
        SignatureMethod: 'HMAC-SHA1',
        SignatureVersion: '1.0',
        // Aliyun rejects a reused nonce within 15 minutes, so it must be unique per request.
        SignatureNonce: randomUUID(),
        Timestamp: timestamp(new Date()),
      };
      // TemplateParam is optional; a template without variables is sent without it.
      if (Object.keys(message.params).length > 0) {
        params.TemplateParam = JSON.stringify(message.params);
      }
      const signature = aliyunSignature(params, config.secretKey);
      const body = `${canonicalQuery(params)}&Signature=${aliyunEncode(signature)}`;
      const reply = await post(PROVIDER, transport, {
        url: joinUrl(baseUrl, '/'),
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          accept: 'application/json',
        },
        body,
        secrets,
      });
      const json = record(reply.json);
      const code = text(json.Code);
      // Business failures come back as HTTP 200 with Code != "OK"; auth failures as 4xx with the same shape.
      if (!reply.ok || code !== 'OK') {
        throw sendError(PROVIDER, describe(code, text(json.Message), reply.status), secrets);
      }
    },
  };
}
