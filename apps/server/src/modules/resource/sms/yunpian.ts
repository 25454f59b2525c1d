import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import { describe, joinUrl, post, record, requirePhones, sendError, text } from './sms-http.ts';
import type { SmsConfig, SmsMessage, SmsProvider } from './sms-provider.ts';

const PROVIDER = 'yunpian';

/**
 * tpl_value as Yunpian documents it: urlencode("#key#") + "=" + urlencode(value), pairs joined by "&".
 * The whole string is then form-encoded once more as the tpl_value field, so a value containing "&" or
 * "=" cannot split into a second variable.
 */
export function yunpianTplValue(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(`#${key}#`)}=${encodeURIComponent(value)}`)
    .join('&');
}

/** Yunpian v2 tpl_single_send: one request per phone, authenticated by the apikey alone (no signature). */
export function yunpianProvider(baseUrl: string, transport: Transport): SmsProvider {
  return {
    async send(config: SmsConfig, message: SmsMessage): Promise<void> {
      // Yunpian has a single key; operators put it in secretKey, but older rows may only fill accessKey.
      const apikey = config.secretKey || config.accessKey;
      const secrets = [apikey, config.secretKey];
      if (!apikey) {
        throw sendError(PROVIDER, 'apikey is missing (secretKey or accessKey)', secrets);
      }
      const phones = requirePhones(PROVIDER, message.phones);
      const url = joinUrl(baseUrl, '/v2/sms/tpl_single_send.json');
      const tplValue = yunpianTplValue(message.params);
      for (const [index, mobile] of phones.entries()) {
        const form = new URLSearchParams({ apikey, mobile, tpl_id: config.templateId, tpl_value: tplValue });
        const reply = await post(PROVIDER, transport, {
          url,
          headers: {
            'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
            accept: 'application/json; charset=utf-8',
          },
          body: form.toString(),
          secrets,
        });
        const json = record(reply.json);
        // Failures carry an HTTP 4xx and {code, msg, detail}; success is HTTP 200 with code 0.
        if (!reply.ok || json.code !== 0) {
          const msg = [text(json.msg), text(json.detail)].filter((m) => m).join(' - ');
          const sent = phones.length > 1 ? ` (after ${index} of ${phones.length} numbers were sent)` : '';
          throw sendError(PROVIDER, `${describe(text(json.code), msg, reply.status)}${sent}`, secrets);
        }
      }
    },
  };
}
