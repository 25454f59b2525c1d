/**
 * `${…}` in a process model names a process variable and nothing else: `${starter}`, `${amount}`,
 * `${variables.delay}`, `${order.customer.name}` — identifiers joined by dots, no calls, brackets, operators or
 * literals. `variables.` at the start is the same scope spelt out (`${variables.delay}` is `${delay}`). The names the
 * engine gives its own objects (`environment`, `content`, `fields`, `properties`) and the ones that lead to a
 * prototype never start or continue a path, so an expression can only read the instance's data.
 *
 * Only the attributes that need a value known at run time carry one: a user task's assignee and candidate lists,
 * and a timer's duration, date or cycle. Sequence flow conditions and script tasks are code run in the sandbox.
 */

/** `${` up to the next `}`: one expression in a text (an attribute may hold several, e.g. `a, ${b}`). */
const OCCURRENCE = /\$\{([^}]*)\}/g;
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The longest expression and path worth reading: anything longer is not a variable name. */
const MAX_EXPRESSION = 200;
const MAX_SEGMENTS = 8;

/** Roots that would name the engine's objects, not variables. */
const ENGINE_ROOTS = new Set(['environment', 'content', 'fields', 'properties']);
/** Names that lead from data to its prototype. */
const PROTOTYPE_NAMES = new Set(['constructor', 'prototype', '__proto__']);

/** The variable path an expression's inside names (`starter` → ['starter']), or undefined outside the grammar. */
export function variablePath(inside: string): string[] | undefined {
  const text = inside.trim();
  if (text.length === 0 || text.length > MAX_EXPRESSION) {
    return undefined;
  }
  const segments = text.split('.');
  const path = segments[0] === 'variables' ? segments.slice(1) : segments;
  if (path.length === 0 || path.length > MAX_SEGMENTS || ENGINE_ROOTS.has(path[0] ?? '')) {
    return undefined;
  }
  if (path.some((s) => !SEGMENT.test(s) || PROTOTYPE_NAMES.has(s))) {
    return undefined;
  }
  return path;
}

export interface ExpressionFound {
  /** The expression as written, `${…}` included. */
  text: string;
  /** Its variable path, or undefined when it is outside the grammar. */
  path: string[] | undefined;
}

/** Every `${…}` in a text, in order; a `${` that is never closed counts as one outside the grammar. */
export function expressionsIn(text: string): ExpressionFound[] {
  const found: ExpressionFound[] = [];
  let end = 0;
  for (const match of text.matchAll(OCCURRENCE)) {
    found.push({ text: match[0], path: variablePath(match[1] ?? '') });
    end = (match.index ?? 0) + match[0].length;
  }
  const open = text.indexOf('${', end);
  if (open >= 0) {
    found.push({ text: text.slice(open), path: undefined });
  }
  return found;
}

/** True when the whole text is one expression in the grammar (e.g. a timer's `${variables.delay}`). */
export function isVariableExpression(text: string): boolean {
  const found = expressionsIn(text.trim());
  return found.length === 1 && found[0]?.path !== undefined && found[0].text === text.trim();
}

/** The model attributes (by element type) whose `${…}` the engine resolves from the variables. */
export const EXPRESSION_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  'bpmn:UserTask': ['yuan:assignee', 'yuan:candidateUsers', 'yuan:candidateGroups'],
  'bpmn:TimerEventDefinition': ['timeDuration', 'timeDate', 'timeCycle'],
};
