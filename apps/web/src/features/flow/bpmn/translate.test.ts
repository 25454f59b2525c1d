import { PopupEntries } from 'bpmn-js/lib/features/popup-menu/PopupEntries';
import * as ReplaceOptions from 'bpmn-js/lib/features/replace/ReplaceOptions';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { bpmnModeler as zhTexts } from '../i18n/zh-CN/bpmnModeler.ts';
import { bpmnText } from './translate.ts';

afterEach(() => i18next.changeLanguage('zh'));

// The installed bpmn-js and diagram-js (hoisted to the root node_modules), read as text.
const sources = {
  ...import.meta.glob('../../../../../../node_modules/bpmn-js/lib/**/*.js', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob('../../../../../../node_modules/diagram-js/lib/**/*.js', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
} as Record<string, string>;

/**
 * The literal wordings the sources pass to `translate(…)` (or `this._translate(…)`); a wording followed by `+` is
 * the start of one built at run time ('Align elements ' + alignment). Comments hold examples, not calls.
 */
function translatedLiterals(): { whole: Set<string>; starts: Set<string> } {
  const whole = new Set<string>();
  const starts = new Set<string>();
  const call = /(?:^|[^\w'"`])_?translate\(\s*(['"])((?:(?!\1).)+)\1\s*(\+)?/g;
  for (const source of Object.values(sources)) {
    for (const match of source.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(call)) {
      (match[3] ? starts : whole).add(match[2] ?? '');
    }
  }
  return { whole, starts };
}

/** Every label of the replace menu's options: those of the shared entries and those the options set themselves. */
function replaceLabels(): Set<string> {
  const labels = new Set(Object.values(PopupEntries).map((entry) => entry.label));
  const options = Object.values(ReplaceOptions).flatMap((group) =>
    Array.isArray(group) ? group : Object.values(group).flat(),
  );
  for (const { label } of options) {
    if (typeof label === 'string') {
      labels.add(label);
    } else {
      // A pool's label depends on whether it has content.
      const of = label as unknown as (element: { children: unknown[] }) => string;
      labels.add(of({ children: [] }));
      labels.add(of({ children: [{}] }));
    }
  }
  return labels;
}

const wordings = new Set(Object.keys(zhTexts).map((key) => key.replace(/^flow\.bpmnjs\./, '')));

describe('the translate service of the modeller', () => {
  it('gives the current language’s text, read at each call', async () => {
    expect(bpmnText('Append end event')).toBe('追加结束事件');
    expect(bpmnText('Create start event')).toBe('创建开始事件');
    expect(bpmnText('Change element')).toBe('更改类型');
    expect(bpmnText('Exclusive gateway')).toBe('排他网关');
    await i18next.changeLanguage('en');
    expect(bpmnText('Append end event')).toBe('Append end event');
    expect(bpmnText('Exclusive gateway')).toBe('Exclusive gateway');
  });

  it('fills the placeholders in both languages, keeping one it has no value for', async () => {
    expect(bpmnText('Open {element}', { element: '审批' })).toBe('打开 审批');
    expect(bpmnText('Open {element}')).toBe('打开 {element}');
    await i18next.changeLanguage('en');
    expect(bpmnText('Open {element}', { element: 'Review' })).toBe('Open Review');
  });

  it('leaves a wording it has no text for as bpmn-js wrote it, placeholders filled', () => {
    expect(bpmnText('Some future {thing}', { thing: 'entry' })).toBe('Some future entry');
    expect(bpmnText('Unknown tool')).toBe('Unknown tool');
  });

  it('has a Chinese text for every wording the installed bpmn-js and diagram-js translate', () => {
    const { whole, starts } = translatedLiterals();
    // The scan found the calls (a layout change of node_modules would otherwise make this pass on nothing).
    expect(whole).toContain('Append end event');
    expect(whole).toContain('Activate hand tool');
    const missing = [...whole, ...replaceLabels()].filter((wording) => !wordings.has(wording));
    expect(missing).toEqual([]);
    for (const start of starts) {
      expect(
        [...wordings].some((wording) => wording.startsWith(start)),
        start,
      ).toBe(true);
    }
  });

  it('has every text in Chinese, not the English wording', () => {
    const english = Object.entries(zhTexts).filter(([, text]) =>
      /[A-Za-z]{3,}/.test(text.replace(/{\w+}/g, '')),
    );
    expect(english).toEqual([]);
  });
});
