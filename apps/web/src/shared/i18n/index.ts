import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common as enCommon } from './en-US/common.ts';
import { crud as enCrud } from './en-US/crud.ts';
import { layout as enLayout } from './en-US/layout.ts';
import { login as enLogin } from './en-US/login.ts';
import { revision as enRevision } from './en-US/revision.ts';
import { schemaForm as enSchemaForm } from './en-US/schemaForm.ts';
import { getLanguage } from './language.ts';
import { common as zhCommon } from './zh-CN/common.ts';
import { crud as zhCrud } from './zh-CN/crud.ts';
import { layout as zhLayout } from './zh-CN/layout.ts';
import { login as zhLogin } from './zh-CN/login.ts';
import { revision as zhRevision } from './zh-CN/revision.ts';
import { schemaForm as zhSchemaForm } from './zh-CN/schemaForm.ts';

/**
 * The texts loaded at start: those of more than one domain (layout, common buttons, sign-in, the generic CRUD, its
 * history drawer and the form renderer). A domain's own texts live beside its screens (features/<domain>/i18n) and
 * load with its chunk.
 */
export const resources = {
  zh: { translation: { ...zhCommon, ...zhLogin, ...zhLayout, ...zhCrud, ...zhRevision, ...zhSchemaForm } },
  en: { translation: { ...enCommon, ...enLogin, ...enLayout, ...enCrud, ...enRevision, ...enSchemaForm } },
} as const;

type Texts = Record<string, string>;

/**
 * Every text area by name → its zh texts. A domain adds its entry where it defines its texts (declaration merging
 * in features/<domain>/i18n/index.ts), so TextKey knows every key without this module importing the domains.
 */
export interface TextCatalogue {
  shared: typeof resources.zh.translation;
}

export type TextKey = { [Area in keyof TextCatalogue]: keyof TextCatalogue[Area] }[keyof TextCatalogue];

/** Initialises i18next once; keys are flat dotted strings, so the key separator is off. */
export function initI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: getLanguage(),
      fallbackLng: 'zh',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      // No advertisement in the browser console or the test logs.
      showSupportNotice: false,
    });
  }
  return i18next;
}

/**
 * Adds the texts of an area whose code loads later (its screens' chunk), in both languages. Keys already present
 * are kept: they can only be the server's texts (serverTexts.ts), which override the bundled ones.
 */
export function addTexts(zh: Texts, en: Texts): void {
  const i18n = initI18n();
  i18n.addResourceBundle('zh', 'translation', zh, true, false);
  i18n.addResourceBundle('en', 'translation', en, true, false);
}

/**
 * A domain's texts: added to i18next as the module that defines them is evaluated, that is with the domain's chunk
 * (features/screens.ts loads a domain's i18n module beside each of its screens). The en texts have the zh keys.
 */
export function defineTexts<Zh extends Texts>(zh: Zh, en: Record<keyof Zh, string>): { zh: Zh; en: Texts } {
  addTexts(zh, en);
  return { zh, en };
}

/**
 * A tenant's own text for a name the server stores, set on the language-text screen: menus under
 * `menuName.<code>`, dictionary items under `dictLabel.<code>.<key>`, entities and their fields under
 * `entityLabel.<entId>` and `entityLabel.<entId>.<field>`. Undefined when the current language has none.
 */
export function ownText(key: string): string | undefined {
  const i18n = initI18n();
  return i18n.exists(key) ? i18n.t(key) : undefined;
}

/** Translation outside React (request client, stores). */
export function translate(key: TextKey, options?: Record<string, string>): string {
  return initI18n().t(key, options);
}
