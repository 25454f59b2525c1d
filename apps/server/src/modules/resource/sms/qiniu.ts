import { createHmac } from 'node:crypto';
import type { Transport } from '../../../lib/provider-http/call-provider.ts';
import { describe, joinUrl, post, record, requirePhones, sendError, text } from './sms-http.ts';
import type { SmsConfig, SmsMessage, SmsProvider } from './sms-provider.ts';

const PROVIDER = 'qiniu';
const CONTENT_TYPE = 'application/json';

/**
 * "Qiniu" token: HMAC-SHA1 over "<METHOD> <path>[?query]\nHost: <host>\nContent-Type: <type>\n\n<body>",
 * URL-safe base64 WITH the "=" padding (Qiniu's SDKs keep it; Node's "base64url" would drop it).
 * The body is signed because the content type is not application/octet-stream.
 */
export function qiniuAuthorization(
  accessKey: string,
  secretKey: string,
  method: string,
  url: string,
  body: string,
): string {
  const { pathname, search, host } = new URL(url);
  const data = `${method} ${pathname}${search}\nHost: ${host}\nContent-Type: ${CONTENT_TYPE}\n\n${body}`;
  const sign = createHmac('sha1', secretKey)
    .update(data, 'utf8')
    .digest('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `Qiniu ${accessKey}:${sign}`;
}

/** Qiniu SMS: POST /v1/message with a template; success is a 2xx carrying a job_id. */
export function qiniuProvider(baseUrl: string, transport: Transport): SmsProvider {
  return {
    async send(config: SmsConfig, message: SmsMessage): Promise<void> {
      const secrets = [config.secretKey];
      const url = joinUrl(baseUrl, '/v1/message');
      const body = JSON.stringify({
        template_id: config.templateId,
        mobiles: requirePhones(PROVIDER, message.phones),
        parameters: message.params,
      });
      const reply = await post(PROVIDER, transport, {
        url,
        headers: {
          authorization: qiniuAuthorization(config.accessKey, config.secretKey, 'POST', url, body),
          'content-type': CONTENT_TYPE,
        },
        body,
        secrets,
      });
      const json = record(reply.json);
      const jobId = text(json.job_id);
      if (!reply.ok || !jobId) {
        // Qiniu errors are {"error": "<code>", "message"?: "..."}; some gateways put the text in "error" alone.
        const code = text(json.error) ?? text(json.code);
        throw sendError(PROVIDER, describe(code, text(json.message), reply.status), secrets);
      }
    },
  };
}
