import { sendMessage } from '@yuan/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { SmsService } from './sms-send.service.ts';

/**
 * POST sms/endpoint/send-message (code, phones, params): sends a template through the configuration with that code.
 * Its scopes are opened by the service, so the provider call holds no database connection.
 */
export function sendMessageRoutes(sms: SmsService) {
  return async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/send-message',
        { config: { perm: 'sms_send', scope: 'manual' }, schema: { tags: ['sms'], body: sendMessage } },
        async (request) => {
          const { code, phones, params } = request.body;
          const config = await sms.load(caller(request).tenantId, code);
          await sms.deliver(config, { phones, params });
          return ok(request.lang, true, 'sms.sent');
        },
      );
  };
}
