import { type LintItem, lintLevels } from './lint.ts';
import type { Diagram, DiagramElement } from './services.ts';

const OVERLAY = 'flow-lint';
const MARKERS = ['flow-lint-error', 'flow-lint-warning'] as const;

/** The element of a finding, unless it is the diagram's root (the process), which has no shape to mark. */
function shapeOf(diagram: Diagram, id: string): DiagramElement | undefined {
  const element = diagram.get('elementRegistry').get(id);
  return element && element !== diagram.get('canvas').getRootElement() ? element : undefined;
}

/**
 * Marks the checker's findings on the diagram: the element's outline in the finding's colour and a badge with the
 * count whose tooltip lists the messages. Marks of the previous findings (`previous`, as returned last time) are
 * removed first; answers the ids marked now.
 */
export function showLint(diagram: Diagram, items: LintItem[], previous: string[]): string[] {
  const canvas = diagram.get('canvas');
  const overlays = diagram.get('overlays');
  overlays.remove({ type: OVERLAY });
  for (const id of previous) {
    if (shapeOf(diagram, id)) {
      for (const marker of MARKERS) {
        canvas.removeMarker(id, marker);
      }
    }
  }
  const marked: string[] = [];
  for (const [id, level] of lintLevels(items)) {
    if (!shapeOf(diagram, id)) {
      continue;
    }
    const messages = items.filter((item) => item.id === id).map((item) => item.message);
    canvas.addMarker(id, `flow-lint-${level}`);
    const badge = document.createElement('span');
    badge.className = `flow-lint-badge flow-lint-badge--${level}`;
    badge.textContent = String(messages.length);
    badge.title = messages.join('\n');
    badge.dataset.testid = 'flow-lint-badge';
    overlays.add(id, OVERLAY, { position: { top: -9, right: 9 }, html: badge });
    marked.push(id);
  }
  return marked;
}

/** Selects a finding's element and brings it into view; false when the diagram has no such shape. */
export function revealElement(diagram: Diagram, id: string): boolean {
  const element = shapeOf(diagram, id);
  if (!element) {
    return false;
  }
  diagram.get('selection').select(element);
  diagram.get('canvas').scrollToElement(element);
  return true;
}
