import { createHash } from 'node:crypto';
import { encodeMessage, I18N_MODEL } from '@yuan/contract';
import type { Database } from '../../db/index.ts';
import type { Cache } from '../../lib/cache/cache.ts';
import type { CacheRegistry } from '../../lib/cache/cache-registry.ts';
import { afterCommit } from '../../db/scope.ts';
import type { ResourceRules } from '../../lib/crud/crud.service.ts';
import { FieldError, notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../types.ts';
import type { I18nRepo } from './i18n.repo.ts';

interface Texts {
  etag: string;
  texts: Record<string, string>;
}

const MAX_CACHED = 1_000;

/**
 * Language texts: the CRUD of the i18n screen (one text per model, language and key), the texts of a language as
 * one object with an ETag (cached per tenant until a text of the tenant changes), and each user's language.
 */
export class I18nService {
  private readonly cache: Cache<Texts>;

  constructor(
    private readonly repo: I18nRepo,
    private readonly database: Database,
    caches: CacheRegistry,
  ) {
    this.cache = caches.cache({ name: 'i18n.texts', max: MAX_CACHED });
  }

  /** The CRUD's rules: the model defaults to the web client's, a key is unique per model and language. */
  rules(): ResourceRules {
    return {
      prepare: async (_ctx, values, id) => {
        const model =
          typeof values.i18nModel === 'string' && values.i18nModel !== '' ? values.i18nModel : I18N_MODEL;
        const key = String(values.i18nKey ?? '');
        if (await this.repo.taken(model, String(values.language ?? ''), key, id)) {
          throw new FieldError(
            'i18nKey',
            encodeMessage('form.uniqueValue', { label: 'i18n.key', value: key }),
          );
        }
        return { ...values, i18nModel: model };
      },
      changed: () => afterCommit(() => this.cache.clear()),
    };
  }

  /** The texts of a language as one object; read in a unit of work of the tenant's own when not cached. */
  async textsOf(tenantId: string, language: string, model = I18N_MODEL): Promise<Texts> {
    const cacheKey = `${tenantId}\u0000${model}\u0000${language}`;
    const hit = this.cache.get(cacheKey);
    if (hit !== undefined) {
      return hit;
    }
    const rows = await this.database.run({ tenantId }, () => this.repo.texts(model, language));
    const texts = Object.fromEntries(rows.map((r) => [r.key, r.text]));
    const etag = `"${createHash('sha1').update(JSON.stringify(texts)).digest('base64url').slice(0, 20)}"`;
    const answer = { etag, texts };
    this.cache.set(cacheKey, answer);
    return answer;
  }

  /** The texts of a language, read in the request's own unit of work (the Excel export). */
  async textsHere(language: string, model = I18N_MODEL): Promise<Record<string, string>> {
    return Object.fromEntries((await this.repo.texts(model, language)).map((r) => [r.key, r.text]));
  }

  /** The texts `deleteI18nKey` removes: the ids given, or one key in every language of its model. */
  async idsToRemove(input: { ids?: string; i18nKey?: string; i18nModel?: string }): Promise<string[]> {
    const ids = input.ids
      ? input.ids.split(',')
      : await this.repo.idsOfKey(input.i18nModel ?? I18N_MODEL, input.i18nKey ?? '');
    if (ids.length === 0) {
      throw notFound();
    }
    return ids;
  }

  /** null: the user never chose one here (the client then keeps, and saves, its local choice). */
  async language(ctx: AuthContext, model = I18N_MODEL): Promise<{ languageType: string | null }> {
    return { languageType: (await this.repo.language(ctx.userId, model)) ?? null };
  }

  async saveLanguage(
    ctx: AuthContext,
    language: string,
    model = I18N_MODEL,
  ): Promise<{ languageType: string }> {
    await this.repo.saveLanguage(ctx.tenantId, ctx.userId, model, language);
    return { languageType: language };
  }
}
