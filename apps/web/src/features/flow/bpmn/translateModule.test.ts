import Modeler from 'bpmn-js/lib/Modeler';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { translateModule } from './translate.ts';

interface Entry {
  title?: string;
  label?: string;
}

interface Services {
  elementFactory: { createShape: (attrs: { type: string }) => unknown };
  contextPad: { getEntries: (element: unknown) => Record<string, Entry> };
  replaceMenuProvider: {
    getPopupMenuEntries: (element: unknown) => Record<string, Entry>;
    getPopupMenuHeaderEntries: (element: unknown) => Record<string, Entry>;
  };
}

let modeler: Modeler | null = null;
afterEach(async () => {
  modeler?.destroy();
  modeler = null;
  document.body.replaceChildren();
  await i18next.changeLanguage('zh');
});

/**
 * A modeller as the designer makes it, without a diagram: jsdom has no SVG layout to import one, but the palette
 * draws at once and the context pad and replace menu give their entries for a shape that is only created.
 */
function open() {
  const container = document.createElement('div');
  document.body.append(container);
  modeler = new Modeler({ container, additionalModules: [translateModule] });
  const get = <K extends keyof Services>(name: K) => (modeler as Modeler).get<Services[K]>(name);
  const shape = (type: string) => get('elementFactory').createShape({ type });
  const palette = (action: string) => container.querySelector(`.djs-palette .entry[data-action="${action}"]`);
  return { get, shape, palette, container };
}

const titles = (entries: Record<string, Entry>) => Object.values(entries).map((entry) => entry.title);
const labels = (entries: Record<string, Entry>) => Object.values(entries).map((entry) => entry.label);

describe('the modeller in the app’s language', () => {
  it('titles the palette entries in Chinese, as tooltip and accessible name', () => {
    const { palette, container } = open();
    const start = palette('create.start-event');
    expect(start?.getAttribute('title')).toBe('创建开始事件');
    expect(start?.getAttribute('aria-label')).toBe('创建开始事件');
    expect(palette('hand-tool')?.getAttribute('title')).toBe('激活手形工具');
    expect(palette('lasso-tool')?.getAttribute('title')).toBe('激活套索工具');
    expect(palette('create.exclusive-gateway')?.getAttribute('title')).toBe('创建网关');
    // Every entry has a title (the separators are no entries).
    const entries = [...container.querySelectorAll('.djs-palette .entry')];
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.filter((entry) => !entry.getAttribute('title'))).toEqual([]);
  });

  it('draws the palette again in English when the language changes', async () => {
    const { palette } = open();
    await i18next.changeLanguage('en');
    expect(palette('create.start-event')?.getAttribute('title')).toBe('Create start event');
    expect(palette('create.task')?.getAttribute('aria-label')).toBe('Create task');
  });

  it('titles the context pad of a start event in the current language', async () => {
    const { get, shape } = open();
    const start = shape('bpmn:StartEvent');
    expect(titles(get('contextPad').getEntries(start))).toEqual(
      expect.arrayContaining([
        '追加结束事件',
        '追加网关',
        '追加任务',
        '追加中间/边界事件',
        '更改类型',
        '删除',
      ]),
    );
    await i18next.changeLanguage('en');
    expect(titles(get('contextPad').getEntries(start))).toEqual(
      expect.arrayContaining(['Append end event', 'Change element', 'Delete']),
    );
  });

  it('labels the replace menu of a task and its header toggles in the current language', async () => {
    const { get, shape } = open();
    const task = shape('bpmn:Task');
    const menu = get('replaceMenuProvider');
    expect(labels(menu.getPopupMenuEntries(task))).toEqual(
      expect.arrayContaining(['用户任务', '服务任务', '脚本任务', '子流程（折叠）']),
    );
    expect(titles(menu.getPopupMenuHeaderEntries(task))).toEqual(['并行多实例', '串行多实例', '循环']);
    expect(labels(menu.getPopupMenuEntries(shape('bpmn:ExclusiveGateway')))).toEqual(
      expect.arrayContaining(['并行网关', '包容网关', '事件网关']),
    );
    await i18next.changeLanguage('en');
    expect(labels(menu.getPopupMenuEntries(task))).toEqual(
      expect.arrayContaining(['User task', 'Service task']),
    );
  });
});
