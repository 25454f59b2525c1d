import { EXPRESSION_ATTRIBUTES, expressionsIn } from '@yuan/contract';

/** A `${…}` a model may not carry: where it is, and whether the place or the expression itself is wrong. */
export interface ExpressionRefusal {
  element: string;
  attribute: string;
  expression: string;
  reason: 'place' | 'form';
}

/** The parts of a bpmn-moddle element the walk reads (generic elements of other namespaces included). */
interface ModdleNode {
  $type: string;
  id?: unknown;
  $attrs?: Record<string, unknown>;
  $descriptor?: {
    propertiesByName?: Record<string, { isReference?: boolean; ns?: { name?: string; prefix?: string } }>;
  };
  $instanceOf?: (type: string) => boolean;
  [key: string]: unknown;
}

/** Texts handed to the sandbox as code, or never evaluated (prose): what they hold is not an engine expression. */
const NOT_EXPRESSIONS: Readonly<Record<string, readonly string[]>> = {
  'bpmn:SequenceFlow': ['conditionExpression'],
  'bpmn:ScriptTask': ['script'],
  'bpmn:Documentation': ['text'],
  'bpmn:TextAnnotation': ['text'],
};

/** Parts of an element (its timer, its loop, an expression object): a finding names the element they belong to. */
const PARTS = ['bpmn:EventDefinition', 'bpmn:Expression', 'bpmn:LoopCharacteristics'];

const MAX_REFUSALS = 50;

const isNode = (value: unknown): value is ModdleNode =>
  typeof value === 'object' && value !== null && typeof (value as { $type?: unknown }).$type === 'string';

const listed = (table: Readonly<Record<string, readonly string[]>>, type: string, attribute: string) =>
  table[type]?.includes(attribute) === true;

/**
 * Every `${…}` of a parsed model that the engine would evaluate and that is not allowed: outside the attributes that
 * need one (EXPRESSION_ATTRIBUTES), or there but not a plain variable name. Walks the whole tree, attributes of
 * other namespaces and their unknown elements included, so nothing the engine might read is left unchecked.
 */
export function refusedExpressions(definitions: unknown): ExpressionRefusal[] {
  const refusals: ExpressionRefusal[] = [];
  const seen = new Set<object>();

  /** `host` is the element type and attribute a text is read as (an expression's body counts as its holder's). */
  const check = (text: string, owner: string, host: { type: string; attribute: string }) => {
    if (!text.includes('${') || listed(NOT_EXPRESSIONS, host.type, host.attribute)) {
      return;
    }
    const allowed = listed(EXPRESSION_ATTRIBUTES, host.type, host.attribute);
    for (const found of expressionsIn(text)) {
      if (!allowed || found.path === undefined) {
        refusals.push({
          element: owner,
          attribute: host.attribute,
          expression: found.text.slice(0, 120),
          reason: allowed ? 'form' : 'place',
        });
      }
    }
  };

  const visit = (node: ModdleNode, owner: string, holder: { type: string; attribute: string }) => {
    if (seen.has(node) || refusals.length >= MAX_REFUSALS) {
      return;
    }
    seen.add(node);
    const isPart = PARTS.some((type) => node.$instanceOf?.(type) === true);
    const here = typeof node.id === 'string' && !isPart ? node.id : owner;
    const isExpression = node.$instanceOf?.('bpmn:Expression') === true;
    for (const [name, value] of Object.entries(node.$attrs ?? {})) {
      if (typeof value === 'string') {
        check(value, here, { type: node.$type, attribute: name });
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$type' || key === '$attrs') {
        continue;
      }
      const property = node.$descriptor?.propertiesByName?.[key];
      if (property?.isReference) {
        continue;
      }
      // A property of another package (the `yuan:` attributes) is named with its prefix, as written in the XML.
      const prefix = property?.ns?.prefix;
      const attribute =
        key === '$body' ? node.$type : prefix && prefix !== 'bpmn' ? (property?.ns?.name ?? key) : key;
      const host = isExpression && key === 'body' ? holder : { type: node.$type, attribute };
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === 'string') {
          check(item, here, host);
        } else if (isNode(item)) {
          visit(item, here, { type: node.$type, attribute });
        }
      }
    }
  };

  if (isNode(definitions)) {
    visit(definitions, '', { type: '', attribute: '' });
  }
  return refusals;
}
