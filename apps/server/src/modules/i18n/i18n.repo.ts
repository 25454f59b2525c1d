import type { Kdb } from '../../db/index.ts';

/** SQL of the language texts a client loads and of each user's language (the CRUD has its own repo). */
export class I18nRepo {
  constructor(private readonly db: Kdb) {}

  async texts(model: string, language: string): Promise<{ key: string; text: string }[]> {
    return this.db
      .selectFrom('yuan_i18n')
      .select(['i18n_key as key', 'i18n_text as text'])
      .where('i18n_model', '=', model)
      .where('language', '=', language)
      .where('is_deleted', '=', 0)
      .orderBy('i18n_key')
      .limit(20_000)
      .execute();
  }

  /** Another live text of the same model, language and key (the one being edited excepted). */
  async taken(model: string, language: string, key: string, except: string | undefined): Promise<boolean> {
    let q = this.db
      .selectFrom('yuan_i18n')
      .select('id')
      .where('i18n_model', '=', model)
      .where('language', '=', language)
      .where('i18n_key', '=', key)
      .where('is_deleted', '=', 0);
    if (except) {
      q = q.where('id', '!=', except);
    }
    return (await q.executeTakeFirst()) !== undefined;
  }

  async idsOfKey(model: string, key: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('yuan_i18n')
      .select('id')
      .where('i18n_model', '=', model)
      .where('i18n_key', '=', key)
      .where('is_deleted', '=', 0)
      .execute();
    return rows.map((r) => String(r.id));
  }

  async language(userId: string, model: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('yuan_user_language')
      .select('language_type')
      .where('user_id', '=', userId)
      .where('i18n_model', '=', model)
      .executeTakeFirst();
    return row?.language_type;
  }

  async saveLanguage(tenantId: string, userId: string, model: string, language: string): Promise<void> {
    await this.db
      .insertInto('yuan_user_language')
      .values({
        tenant_id: tenantId,
        user_id: userId,
        i18n_model: model,
        language_type: language,
        update_time: new Date(),
      })
      .onConflict((c) =>
        c
          .columns(['tenant_id', 'user_id', 'i18n_model'])
          .doUpdateSet({ language_type: language, update_time: new Date() }),
      )
      .execute();
  }
}
