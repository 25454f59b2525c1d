import { createHmac } from 'node:crypto';
import { sha256Hex } from '../../../lib/digest.ts';
import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import { describe, joinUrl, post, record, requirePhones, SmsSendError, sendError, text } from './sms-http.ts';
import type { SmsConfig, SmsMessage, SmsProvider } from './sms-provider.ts';

const PROVIDER = 'tencent';
const SERVICE = 'sms';
const VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** Host header value as sent (host[:port]); it is part of the signed headers. */
  host: string;
  /** Unix seconds, the same value sent in X-TC-Timestamp. */
  timestamp: number;
  payload: string;
}

/** TC3-HMAC-SHA256 Authorization header for a POST / with content-type and host signed. */
export function tc3Authorization(input: Tc3Input): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${input.host.toLowerCase()}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, SERVICE);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/**
 * yuan_sms has no column for Tencent's SmsSdkAppId, so it travels in accessKey as "SecretId:SdkAppId"
 * (SecretIds never contain ':'). Without the app id Tencent cannot route the message, so it is refused here.
 */
export function splitTencentAccessKey(accessKey: string): { secretId: string; sdkAppId: string } {
  const at = accessKey.indexOf(':');
  const secretId = (at < 0 ? accessKey : accessKey.slice(0, at)).trim();
  const sdkAppId = at < 0 ? '' : accessKey.slice(at + 1).trim();
  if (!secretId || !sdkAppId) {
    throw new SmsSendError(
      PROVIDER,
      'accessKey must be "SecretId:SdkAppId" (the SMS application id is missing)',
    );
  }
  return { secretId, sdkAppId };
}

/** Tencent wants E.164; a bare 11-digit mainland mobile (1xxxxxxxxxx) gets +86, anything else is kept. */
function e164(phone: string): string {
  return /^1\d{10}$/.test(phone) ? `+86${phone}` : phone;
}

/** SMS API 3.0 SendSms (2021-01-11). */
export function tencentProvider(baseUrl: string, transport: Transport): SmsProvider {
  return {
    async send(config: SmsConfig, message: SmsMessage): Promise<void> {
      const secrets = [config.secretKey];
      const { secretId, sdkAppId } = splitTencentAccessKey(config.accessKey);
      const phones = requirePhones(PROVIDER, message.phones).map(e164);
      const url = joinUrl(baseUrl, '/');
      const payload = JSON.stringify({
        PhoneNumberSet: phones,
        SmsSdkAppId: sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        // Tencent templates are positional ({1}, {2}...): values go in the record's key order, which for
        // keys "1", "2", ... "10" is numeric order (JS orders integer-like keys ascending).
        TemplateParamSet: Object.values(message.params),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      // fetch derives the Host header from the URL (port omitted when default), exactly as URL.host does.
      const host = new URL(url).host;
      const authorization = tc3Authorization({
        secretId,
        secretKey: config.secretKey,
        host,
        timestamp,
        payload,
      });
      const reply = await post(PROVIDER, transport, {
        url,
        headers: {
          authorization,
          'content-type': CONTENT_TYPE,
          'x-tc-action': 'SendSms',
          'x-tc-version': VERSION,
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': config.regionId || 'ap-guangzhou',
        },
        body: payload,
        secrets,
      });
      const response = record(record(reply.json).Response);
      const error = record(response.Error);
      // API 3.0 answers errors with HTTP 200 and Response.Error, so the status alone says little.
      if (!reply.ok || response.Error !== undefined) {
        throw sendError(PROVIDER, describe(text(error.Code), text(error.Message), reply.status), secrets);
      }
      const statuses = Array.isArray(response.SendStatusSet) ? response.SendStatusSet.map(record) : [];
      if (statuses.length === 0) {
        throw sendError(PROVIDER, 'answer has no SendStatusSet', secrets);
      }
      const failed = statuses.filter((s) => s.Code !== 'Ok');
      if (failed.length > 0) {
        const first = failed[0];
        const detail = describe(text(first.Code), text(first.Message), reply.status);
        throw sendError(
          PROVIDER,
          `${detail} (${failed.length} of ${statuses.length} numbers failed)`,
          secrets,
        );
      }
    },
  };
}
