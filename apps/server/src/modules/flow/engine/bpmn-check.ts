import { createRequire } from 'node:module';
import { type BpmnFinding, yuanModdle } from '@yuan/contract';
import { type ExpressionRefusal, refusedExpressions } from './model-expressions.ts';

const require = createRequire(import.meta.url);
const { Linter } = require('bpmnlint') as {
  Linter: new (options: {
    config: object;
    resolver: object;
  }) => {
    lint(definitions: unknown): Promise<Record<string, { id?: string; message: string; category: string }[]>>;
  };
};
// Neither package ships declarations: the parts the model check uses.
const { BpmnModdle } = require('bpmn-moddle') as {
  BpmnModdle: new (
    packages?: Record<string, unknown>,
  ) => {
    fromXML(xml: string, typeName?: string): Promise<unknown>;
  };
};
const NodeResolver = require('bpmnlint/lib/resolver/node-resolver') as new (options: {
  require: NodeRequire;
}) => object;

export interface BpmnProcess {
  id: string;
  name: string;
  executable: boolean;
}

export interface BpmnCheck {
  /** Rules of bpmnlint's recommended set that fail as errors, and what the engine cannot run. */
  errors: BpmnFinding[];
  warnings: BpmnFinding[];
  processes: BpmnProcess[];
}

export class BpmnParseError extends Error {}

/** A model with `${…}` where none may stand, or one that is not a plain variable name: refused before it is kept. */
export class BpmnExpressionError extends Error {
  constructor(readonly refusals: ExpressionRefusal[]) {
    super('expressions refused');
  }
}

interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  isExecutable?: boolean;
  rootElements?: ModdleElement[];
}

// Rules resolve from the server's own dependencies, wherever the process was started.
const resolver = new NodeResolver({ require });

/** The most a model may weigh: larger XML is refused before the parser sees it. */
export const MAX_BPMN_BYTES = 2_000_000;

/**
 * Parses a BPMN 2.0 document (with the `yuan:` attributes) and runs bpmnlint's recommended rules over it. XML that
 * does not parse, or parses with warnings about unknown or broken parts, is refused outright; rule findings are
 * answered for the modeller to show on the diagram. A `${…}` the engine would evaluate is refused outright too, unless
 * it is a variable name in an attribute that needs one (see refusedExpressions).
 */
export async function checkBpmn(xml: string): Promise<BpmnCheck> {
  if (Buffer.byteLength(xml) > MAX_BPMN_BYTES) {
    throw new BpmnParseError('larger than 2 MB');
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    // No document type declarations: entity expansion is a classic way to exhaust a parser.
    throw new BpmnParseError('document type declarations are not allowed');
  }
  const moddle = new BpmnModdle({ yuan: yuanModdle });
  let parsed: { rootElement: ModdleElement; warnings: { message: string }[] };
  try {
    parsed = (await moddle.fromXML(xml, 'bpmn:Definitions')) as typeof parsed;
  } catch (error) {
    throw new BpmnParseError(firstLine(error));
  }
  if (parsed.warnings.length > 0) {
    throw new BpmnParseError(firstLine(parsed.warnings[0]?.message));
  }
  const definitions = parsed.rootElement;
  const refusals = refusedExpressions(definitions);
  if (refusals.length > 0) {
    throw new BpmnExpressionError(refusals);
  }
  const processes = (definitions.rootElements ?? [])
    .filter((e) => e.$type === 'bpmn:Process')
    .map((p) => ({ id: String(p.id), name: p.name ?? String(p.id), executable: p.isExecutable === true }));
  const errors: BpmnFinding[] = [];
  const warnings: BpmnFinding[] = [];
  if (processes.length === 0) {
    // Nothing to lint (the rules expect a diagram's parts); a model starts with at least one process.
    errors.push({ id: '', message: 'no process', rule: 'yuan/process-required' });
    return { errors, warnings, processes };
  }
  // A linter per check: some rules keep what they saw (e.g. duplicate flows) for as long as the linter lives.
  const linter = new Linter({ config: { extends: 'bpmnlint:recommended' }, resolver });
  const results = await linter.lint(definitions);
  for (const [rule, reports] of Object.entries(results)) {
    for (const report of reports) {
      const finding = { id: report.id ?? '', message: report.message, rule };
      (report.category === 'error' ? errors : warnings).push(finding);
    }
  }
  for (const p of processes.filter((x) => !x.executable)) {
    errors.push({ id: p.id, message: 'process is not executable (isExecutable)', rule: 'yuan/executable' });
  }
  return { errors, warnings, processes };
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error ?? 'unreadable');
  return (text.split('\n')[0] ?? '').slice(0, 300);
}
