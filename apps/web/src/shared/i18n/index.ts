import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common as enCommon } from './en-US/common.ts';
import { crud as enCrud } from './en-US/crud.ts';
import { layout as enLayout } from './en-US/layout.ts';
import { login as enLogin } from './en-US/login.ts';
import { profile as enProfile } from './en-US/profile.ts';
import { resource as enResource } from './en-US/resource.ts';
import { schemaForm as enSchemaForm } from './en-US/schemaForm.ts';
import { system as enSystem } from './en-US/system.ts';
import { wallet as enWallet } from './en-US/wallet.ts';
import { getLanguage } from './language.ts';
import type { BuilderTexts } from './builderTexts.ts';
import type { WebsiteTexts } from './websiteTexts.ts';
import type { MiscTexts } from './miscTexts.ts';
import type { ErdTexts } from './erdTexts.ts';
import type { FlowTexts } from './flowTexts.ts';
import type { LowcodeTexts } from './lowcodeTexts.ts';
import type { MindmapTexts } from './mindmapTexts.ts';
import type { ScheduledTexts } from './scheduledTexts.ts';
import type { WalletToolsTexts } from './walletToolsTexts.ts';
import { common as zhCommon } from './zh-CN/common.ts';
import { crud as zhCrud } from './zh-CN/crud.ts';
import { layout as zhLayout } from './zh-CN/layout.ts';
import { login as zhLogin } from './zh-CN/login.ts';
import { profile as zhProfile } from './zh-CN/profile.ts';
import { resource as zhResource } from './zh-CN/resource.ts';
import { schemaForm as zhSchemaForm } from './zh-CN/schemaForm.ts';
import { system as zhSystem } from './zh-CN/system.ts';
import { wallet as zhWallet } from './zh-CN/wallet.ts';

/**
 * The texts loaded at start; the low-code, flow, scheduled-tasks and wallet-tools screens add theirs when their code
 * loads (lowcodeTexts.ts, flowTexts.ts, scheduledTexts.ts, walletToolsTexts.ts).
 */
export const resources = {
  zh: {
    translation: {
      ...zhCommon,
      ...zhLogin,
      ...zhLayout,
      ...zhCrud,
      ...zhSystem,
      ...zhProfile,
      ...zhResource,
      ...zhSchemaForm,
      ...zhWallet,
    },
  },
  en: {
    translation: {
      ...enCommon,
      ...enLogin,
      ...enLayout,
      ...enCrud,
      ...enSystem,
      ...enProfile,
      ...enResource,
      ...enSchemaForm,
      ...enWallet,
    },
  },
} as const;

export type TextKey =
  | keyof typeof resources.zh.translation
  | keyof LowcodeTexts
  | keyof FlowTexts
  | keyof ScheduledTexts
  | keyof WalletToolsTexts
  | keyof ErdTexts
  | keyof MindmapTexts
  | keyof BuilderTexts
  | keyof WebsiteTexts
  | keyof MiscTexts;

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
export function addTexts(zh: Record<string, string>, en: Record<string, string>): void {
  const i18n = initI18n();
  i18n.addResourceBundle('zh', 'translation', zh, true, false);
  i18n.addResourceBundle('en', 'translation', en, true, false);
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
