import { describe, expect, it } from 'vitest';
import { resources } from './index.ts';
import { builderTexts } from './builderTexts.ts';
import { dashboardTexts } from './dashboardTexts.ts';
import { erdTexts } from './erdTexts.ts';
import { flowTexts } from './flowTexts.ts';
import { helpTexts } from './helpTexts.ts';
import { lowcodeTexts } from './lowcodeTexts.ts';
import { mindmapTexts } from './mindmapTexts.ts';
import { scheduledTexts } from './scheduledTexts.ts';
import { walletToolsTexts } from './walletToolsTexts.ts';
import { webchatTexts } from './webchatTexts.ts';
import { websiteTexts } from './websiteTexts.ts';
import { miscTexts } from './miscTexts.ts';

type Texts = Record<string, string>;
type Modules = Record<string, Record<string, Texts>>;

// Every locale file of both languages, so a new file is checked without touching this test.
const zhFiles = import.meta.glob('./zh-CN/*.ts', { eager: true }) as Modules;
const enFiles = import.meta.glob('./en-US/*.ts', { eager: true }) as Modules;

function textsOf(modules: Modules): Map<string, Texts> {
  const out = new Map<string, Texts>();
  for (const [path, exports] of Object.entries(modules)) {
    const name = path.replace(/^.*\//, '');
    out.set(name, Object.assign({}, ...Object.values(exports)) as Texts);
  }
  return out;
}

describe('text catalogue', () => {
  const zh = textsOf(zhFiles);
  const en = textsOf(enFiles);

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

  it('loads every file in both languages, at start or with the low-code, flow, scheduled-tasks wallet-tools or builder screens', () => {
    const loaded: Record<'zh' | 'en', Texts> = {
      zh: {
        ...resources.zh.translation,
        ...lowcodeTexts.zh,
        ...flowTexts.zh,
        ...scheduledTexts.zh,
        ...walletToolsTexts.zh,
        ...webchatTexts.zh,
        ...erdTexts.zh,
        ...mindmapTexts.zh,
        ...builderTexts.zh,
        ...helpTexts.zh,
        ...dashboardTexts.zh,
        ...websiteTexts.zh,
        ...miscTexts.zh,
      },
      en: {
        ...resources.en.translation,
        ...lowcodeTexts.en,
        ...flowTexts.en,
        ...scheduledTexts.en,
        ...walletToolsTexts.en,
        ...webchatTexts.en,
        ...erdTexts.en,
        ...mindmapTexts.en,
        ...builderTexts.en,
        ...helpTexts.en,
        ...dashboardTexts.en,
        ...websiteTexts.en,
        ...miscTexts.en,
      },
    };
    for (const [language, files] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      for (const texts of files.values()) {
        for (const [key, text] of Object.entries(texts)) {
          expect(loaded[language][key], `${language} ${key}`).toBe(text);
        }
      }
    }
  });
});
