import { processOf } from './properties.ts';
import type { Diagram } from './services.ts';

/** The id and name of the diagram's process, or nulls when it has none (an empty collaboration). */
export function processInfo(diagram: Diagram): { id: string | null; name: string | null } {
  const process = processOf(diagram.get('canvas').getRootElement().businessObject);
  return { id: process?.id ?? null, name: process?.name ?? null };
}

/**
 * Makes the diagram's process carry the model's key as its id and the model's name, and be executable: the key a
 * deployment is started by is the process id, so the two cannot differ. Goes through `modeling` (undoable).
 */
export function syncProcess(diagram: Diagram, id: string, name: string): void {
  const root = diagram.get('canvas').getRootElement();
  const process = processOf(root.businessObject);
  if (!process) {
    return;
  }
  const patch: Record<string, unknown> = {};
  if (process.id !== id) {
    patch.id = id;
  }
  if ((process.name ?? '') !== name) {
    patch.name = name === '' ? undefined : name;
  }
  if (process.isExecutable !== true) {
    patch.isExecutable = true;
  }
  if (Object.keys(patch).length === 0) {
    return;
  }
  const modeling = diagram.get('modeling');
  if (process === root.businessObject) {
    modeling.updateProperties(root, patch);
  } else {
    modeling.updateModdleProperties(root, process, patch);
  }
}

/** Ends a label being typed on the canvas, so what was typed is part of the XML about to be read. */
export function finishEditing(diagram: Diagram): void {
  const editing = diagram.get('directEditing');
  if (editing.isActive()) {
    editing.complete();
  }
}
