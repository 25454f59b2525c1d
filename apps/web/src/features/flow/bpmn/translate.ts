import type Modeler from 'bpmn-js/lib/Modeler';
import { initI18n } from '../../../shared/i18n/index.ts';

/** What bpmn-js takes in `additionalModules` (a didi module). */
export type DiagramModule = NonNullable<
  NonNullable<ConstructorParameters<typeof Modeler>[0]>['additionalModules']
>[number];

/**
 * The app's key of a bpmn-js text: bpmn-js and diagram-js pass their English wording to `translate`, so that
 * wording, whole, follows the prefix (the texts are in flow/i18n/{zh-CN,en-US}/bpmnModeler.ts).
 */
const PREFIX = 'flow.bpmnjs.';

/** Whether the app has a text for this bpmn-js wording. */
export function hasBpmnText(template: string): boolean {
  return initI18n().exists(`${PREFIX}${template}`);
}

/**
 * diagram-js's `translate` in the current language, read at each call: a wording the app has no text for stays
 * as bpmn-js wrote it, and `{name}` takes `replacements.name` (kept as written when there is none), as the
 * diagram-js stub does.
 */
export function bpmnText(template: string, replacements: Record<string, string> = {}): string {
  const i18n = initI18n();
  const key = `${PREFIX}${template}`;
  const text = i18n.exists(key) ? i18n.t(key) : template;
  return text.replace(/{([^}]+)}/g, (placeholder, name: string) => replacements[name] || placeholder);
}

interface DiagramEventBus {
  on: (event: string, callback: (event: { container?: HTMLElement }) => void) => void;
  fire: (event: string) => void;
}

/**
 * diagram-js 15 puts a palette entry's title in `aria-label` only, so a pointer shows no tooltip: each time the
 * palette draws its entries, they get it as `title` too.
 */
function paletteTitles(eventBus: DiagramEventBus) {
  let palette: HTMLElement | undefined;
  eventBus.on('palette.create', (event) => {
    palette = event.container;
  });
  eventBus.on('palette.changed', () => {
    for (const entry of palette?.querySelectorAll<HTMLElement>('.entry[aria-label]') ?? []) {
      entry.title = entry.getAttribute('aria-label') ?? '';
    }
  });
}
paletteTitles.$inject = ['eventBus'];

/**
 * The palette is drawn once; `i18n.changed` makes diagram-js draw it again when the language changes (or the
 * server's own texts arrive). The context pad and the menus translate each time they open.
 */
function followLanguage(eventBus: DiagramEventBus) {
  const i18n = initI18n();
  const redraw = () => eventBus.fire('i18n.changed');
  i18n.on('languageChanged', redraw);
  eventBus.on('diagram.destroy', () => i18n.off('languageChanged', redraw));
}
followLanguage.$inject = ['eventBus'];

/** Replaces diagram-js's English `translate` with the app's texts, and titles the palette's entries. */
export const translateModule: DiagramModule = {
  __init__: [paletteTitles, followLanguage],
  translate: ['value', bpmnText],
};
