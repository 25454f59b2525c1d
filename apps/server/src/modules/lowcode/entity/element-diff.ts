import type { Element } from '@yuan/contract';

/** One readable change between two versions of a definition's elements. */
export type ElementChange =
  | { op: 'add'; eleNo: string }
  | { op: 'remove'; eleNo: string }
  | { op: 'rename'; from: string; to: string }
  | { op: 'change'; eleNo: string; keys: string[] };

const COMPARED = [
  'eleName',
  'dataTyp',
  'verifyJson',
  'defNo',
  'dictCode',
  'refEntId',
  'unique',
  'sort',
] as const;

/** What changed from `before` to `after`, element by element (matched by their ids). */
export function diffElements(before: Element[], after: Element[]): ElementChange[] {
  const old = new Map(before.map((e) => [e.id, e]));
  const changes: ElementChange[] = [];
  for (const e of after) {
    const was = old.get(e.id);
    old.delete(e.id);
    if (!was) {
      changes.push({ op: 'add', eleNo: e.eleNo });
      continue;
    }
    if (was.eleNo !== e.eleNo) {
      changes.push({ op: 'rename', from: was.eleNo, to: e.eleNo });
    }
    // A key older definitions lack reads as empty.
    const keys = COMPARED.filter((k) => JSON.stringify(was[k] ?? '') !== JSON.stringify(e[k] ?? ''));
    if (keys.length > 0) {
      changes.push({ op: 'change', eleNo: e.eleNo, keys: [...keys] });
    }
  }
  for (const e of old.values()) {
    changes.push({ op: 'remove', eleNo: e.eleNo });
  }
  return changes;
}
