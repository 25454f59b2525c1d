import { encodeMessage } from '@yuan/contract';
import type { ResourceRules } from '../../../lib/crud/crud.service.ts';
import { FieldError } from '../../../lib/errors.ts';
import { hashPassword } from '../../../lib/password.ts';

const MIN_SECRET = 8;

/** A client secret is required when a client is created, at least 8 characters, and stored only as a hash. */
export const clientRules: ResourceRules = {
  async prepare(_ctx, values, id) {
    const secret = values.clientSecret;
    if (typeof secret !== 'string' || secret === '') {
      if (!id) {
        throw new FieldError(
          'clientSecret',
          encodeMessage('form.required', { label: 'client.clientSecret' }),
        );
      }
      const { clientSecret: _omit, ...rest } = values;
      return rest;
    }
    if (secret.length < MIN_SECRET) {
      throw new FieldError(
        'clientSecret',
        encodeMessage('form.range', { label: 'client.clientSecret', min: MIN_SECRET, max: 128 }),
      );
    }
    return { ...values, clientSecret: await hashPassword(secret) };
  },
};
