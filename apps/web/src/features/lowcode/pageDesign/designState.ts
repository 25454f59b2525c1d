import { changeFieldType } from '@yuan/contract/lowcode/form-design';
import { fieldDefaults, withFormDefaults } from '@yuan/contract/lowcode/form-fields';
import type { FormField, FormJson, FormSettings } from '@yuan/contract/lowcode/form-json';
import {
  childrenOf,
  findField,
  insertField,
  isContainer,
  locate,
  propsOf,
  ROOT,
  removeField,
  replaceField,
} from './fieldTree.ts';

/** How many steps undo goes back; older ones are dropped. */
export const HISTORY_LIMIT = 100;

export interface DesignState {
  json: FormJson;
  /** The prop of the field the properties panel edits. */
  selected: string | null;
  past: FormJson[];
  future: FormJson[];
  /** Changed since the last load or save. */
  dirty: boolean;
}

export type DesignAction =
  | { type: 'add'; fieldType: string; prop: string; label: string; parent?: string; index?: number }
  /** A field made elsewhere (an entity's field from the palette); refused when its prop is already taken. */
  | { type: 'place'; field: FormField; parent?: string; index?: number }
  | { type: 'move'; prop: string; parent: string; index: number }
  | { type: 'select'; prop: string | null }
  | { type: 'update'; prop: string; field: FormField }
  | { type: 'changeType'; prop: string; fieldType: string }
  | { type: 'copy'; prop: string; newProp: string }
  | { type: 'remove'; prop: string }
  | { type: 'clear' }
  | { type: 'settings'; settings: Partial<FormSettings> }
  | { type: 'load'; json: FormJson }
  | { type: 'import'; json: FormJson }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved' };

export function initialDesign(json: Partial<FormJson> = {}): DesignState {
  return { json: withFormDefaults(json), selected: null, past: [], future: [], dirty: false };
}

/** A new field of a palette type: the type's defaults, a full row, its palette name as label. */
export function newField(fieldType: string, prop: string, label: string): FormField {
  return { ...fieldDefaults(fieldType), type: fieldType, prop, label, span: 24 };
}

/** A container may not sit inside another one: the sub-form table and the group sections are one level deep. */
function canPlace(json: FormJson, field: FormField, parent: string): boolean {
  if (parent === ROOT) {
    return true;
  }
  return !isContainer(field) && isContainer(findField(json.column, parent));
}

/** A copy with fresh props (children numbered after the copy's own prop). */
function copyOf(field: FormField, prop: string): FormField {
  const column = field.children?.column?.map((child, index) => copyOf(child, `${prop}_${index + 1}`));
  const copy: FormField = { ...structuredClone(field), prop };
  return column ? { ...copy, children: { ...copy.children, column } } : copy;
}

/** A change of the form JSON: the previous JSON goes onto the undo list, redo is lost. */
function commit(state: DesignState, json: FormJson, selected = state.selected): DesignState {
  if (json === state.json) {
    return state;
  }
  return {
    json,
    selected,
    past: [...state.past, state.json].slice(-HISTORY_LIMIT),
    future: [],
    dirty: true,
  };
}

function edit(state: DesignState, action: DesignAction): DesignState {
  const { json } = state;
  switch (action.type) {
    case 'add':
    case 'place': {
      const field =
        action.type === 'add' ? newField(action.fieldType, action.prop, action.label) : action.field;
      const prop = field.prop ?? '';
      const parent = action.parent ?? ROOT;
      if (!canPlace(json, field, parent) || findField(json.column, prop)) {
        return state;
      }
      const index = action.index ?? childrenOf(json.column, parent).length;
      return commit(state, { ...json, column: insertField(json.column, parent, index, field) }, prop);
    }
    case 'move': {
      const field = findField(json.column, action.prop);
      const from = locate(json.column, action.prop);
      if (
        !field ||
        !from ||
        propsOf([field]).includes(action.parent) ||
        !canPlace(json, field, action.parent)
      ) {
        return state;
      }
      if (from.parent === action.parent && from.index === action.index) {
        return state;
      }
      const without = removeField(json.column, action.prop);
      return commit(state, { ...json, column: insertField(without, action.parent, action.index, field) });
    }
    case 'update': {
      if (!findField(json.column, action.prop)) {
        return state;
      }
      const column = replaceField(json.column, action.prop, action.field);
      return commit(state, { ...json, column }, action.field.prop ?? null);
    }
    case 'changeType': {
      const field = findField(json.column, action.prop);
      if (!field) {
        return state;
      }
      return commit(state, {
        ...json,
        column: replaceField(json.column, action.prop, changeFieldType(field, action.fieldType)),
      });
    }
    case 'copy': {
      const field = findField(json.column, action.prop);
      const at = locate(json.column, action.prop);
      if (!field || !at) {
        return state;
      }
      const column = insertField(json.column, at.parent, at.index + 1, copyOf(field, action.newProp));
      return commit(state, { ...json, column }, action.newProp);
    }
    case 'remove': {
      const column = removeField(json.column, action.prop);
      const selected = state.selected && findField(column, state.selected) ? state.selected : null;
      return commit(state, { ...json, column }, selected);
    }
    case 'clear':
      return json.column.length === 0 ? state : commit(state, { ...json, column: [] }, null);
    case 'settings':
      return commit(state, { ...json, ...action.settings });
    case 'import':
      return commit(state, withFormDefaults(action.json), null);
    default:
      return state;
  }
}

/** The designer's state: every edit is undoable; load and save reset what counts as unsaved. */
export function designReducer(state: DesignState, action: DesignAction): DesignState {
  switch (action.type) {
    case 'select':
      return { ...state, selected: action.prop };
    case 'load':
      return initialDesign(action.json);
    case 'saved':
      return { ...state, dirty: false };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) {
        return state;
      }
      return {
        ...state,
        json: previous,
        past: state.past.slice(0, -1),
        future: [state.json, ...state.future],
        dirty: true,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) {
        return state;
      }
      return { ...state, json: next, past: [...state.past, state.json], future: rest, dirty: true };
    }
    default:
      return edit(state, action);
  }
}
