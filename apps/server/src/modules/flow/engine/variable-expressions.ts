import { expressionsIn } from '@yuan/contract';

/**
 * A `${…}` outside the variable grammar met at run time (a model stored before models were checked for them): it is
 * refused, never evaluated, and the step fails with this message.
 */
export class ExpressionRefused extends Error {
  constructor(expression: string) {
    super(`only a variable name may stand in an expression, not ${expression.slice(0, 120)}`);
  }
}

/** Plain data only: a path never walks into anything with behaviour (a class instance, a function). */
function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') {
    return false;
  }
  const proto = Object.getPrototypeOf(value);
  return Array.isArray(value) || proto === Object.prototype || proto === null;
}

function lookup(variables: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = variables;
  for (const name of path) {
    if (!isPlain(value) || !Object.hasOwn(value, name)) {
      return undefined;
    }
    value = value[name];
  }
  return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
}

/**
 * Resolves the `${…}` of a text from the variables, as bpmn-engine's evaluator would for a plain path: a text that is
 * one expression answers the variable's own value, otherwise every expression is replaced by its value as text (''
 * for none). Anything outside the grammar throws ExpressionRefused.
 */
export function resolveVariables(text: string, variables: Record<string, unknown>): unknown {
  const found = expressionsIn(text);
  if (found.length === 0) {
    return text;
  }
  const refused = found.find((f) => f.path === undefined);
  if (refused) {
    throw new ExpressionRefused(refused.text);
  }
  const [first] = found;
  if (found.length === 1 && first?.path && first.text === text) {
    return lookup(variables, first.path);
  }
  let out = '';
  let at = 0;
  for (const f of found) {
    const index = text.indexOf(f.text, at);
    const value = f.path ? lookup(variables, f.path) : undefined;
    out += text.slice(at, index) + (value === undefined || value === null ? '' : String(value));
    at = index + f.text.length;
  }
  return out + text.slice(at);
}

/** resolveVariables for a text field (an assignee, a candidate list): the answer is always text. */
export function fillVariables(text: string, variables: Record<string, unknown>): string {
  const value = resolveVariables(text, variables);
  return value === undefined || value === null ? '' : String(value);
}

/** What bpmn-engine's `expressions` option wants; the context is `{ environment, ...message }`. */
export interface EngineExpressions {
  resolveExpression(template: unknown, context?: unknown): unknown;
  isExpression(text: unknown): boolean;
  hasExpression(text: unknown): boolean;
}

/**
 * The engine's expression evaluator, replaced: bpmn-engine's own one calls functions and reads any property of its
 * environment in the server process (`${environment.services.x()}`, a Function built from a string). This one reads
 * plain variables and nothing else, whatever model it is given.
 */
export function variableExpressions(
  variablesOf: (context: {
    environment?: { variables?: Record<string, unknown> };
  }) => Record<string, unknown>,
): EngineExpressions {
  return {
    resolveExpression(template, context) {
      if (typeof template !== 'string' || !template.includes('${')) {
        return template;
      }
      return resolveVariables(template, variablesOf((context ?? {}) as Parameters<typeof variablesOf>[0]));
    },
    isExpression(text) {
      return typeof text === 'string' && /^\$\{.+\}$/.test(text);
    },
    hasExpression(text) {
      return typeof text === 'string' && text.includes('${');
    },
  };
}
