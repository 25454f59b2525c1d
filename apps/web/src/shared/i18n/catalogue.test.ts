import { describe, expect, it } from 'vitest';
import { resources } from './index.ts';

type Texts = Record<string, string>;
type Modules = Record<string, Record<string, Texts>>;

// Every locale file of both languages, shared and per domain, so a new file is checked without touching this test.
const zhFiles = {
  ...import.meta.glob('./zh-CN/*.ts', { eager: true }),
  ...import.meta.glob('../../features/*/i18n/zh-CN/*.ts', { eager: true }),
} as Modules;
const enFiles = {
  ...import.meta.glob('./en-US/*.ts', { eager: true }),
  ...import.meta.glob('../../features/*/i18n/en-US/*.ts', { eager: true }),
} as Modules;
// Each domain's texts module, as its chunk loads it.
const domainModules = import.meta.glob('../../features/*/i18n/index.ts', { eager: true }) as Record<
  string,
  Record<string, { zh: Texts; en: Texts }>
>;

function textsOf(modules: Modules, language: string): Map<string, Texts> {
  const out = new Map<string, Texts>();
  for (const [path, exports] of Object.entries(modules)) {
    out.set(path.replace(`/${language}/`, '/'), Object.assign({}, ...Object.values(exports)) as Texts);
  }
  return out;
}

/** The domain a locale file belongs to (features/<domain>/i18n/…), or null for the shared texts. */
function domainOf(file: string): string | null {
  return /features\/([^/]+)\/i18n\//.exec(file)?.[1] ?? null;
}

describe('text catalogue', () => {
  const zh = textsOf(zhFiles, 'zh-CN');
  const en = textsOf(enFiles, 'en-US');

  it('has the same files and keys in zh and en', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [name, texts] of zh) {
      expect(Object.keys(en.get(name) ?? {}).sort(), name).toEqual(Object.keys(texts).sort());
    }
  });

  it('defines each key in one file only (the keys share one flat namespace)', () => {
    const owner = new Map<string, string>();
    for (const [name, texts] of zh) {
      for (const key of Object.keys(texts)) {
        expect(owner.get(key), `${key} in ${name}`).toBeUndefined();
        owner.set(key, name);
      }
    }
  });

  it('loads the shared files at start and each domain file with its domain texts module', () => {
    const loaded = (language: 'zh' | 'en', domain: string | null): Texts => {
      if (domain === null) {
        return resources[language].translation;
      }
      const module = domainModules[`../../features/${domain}/i18n/index.ts`];
      return Object.assign({}, ...Object.values(module ?? {}).map((texts) => texts[language])) as Texts;
    };
    for (const [language, files] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      for (const [file, texts] of files) {
        const bundle = loaded(language, domainOf(file));
        for (const [key, text] of Object.entries(texts)) {
          expect(bundle[key], `${language} ${key} (${file})`).toBe(text);
        }
      }
    }
  });
});
