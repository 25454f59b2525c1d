import type { Language, Resource } from '@yuan/contract';
import { pick } from '../../../../shared/crud/fields.ts';
import { formatDateTime } from '../../../../shared/time/timeZone.ts';

/** How a value is shown: one line, wrapped multi-line text, or a monospace block (stacks, JSON). */
export type EntryDisplay = 'text' | 'wrap' | 'code';

export interface LogEntry {
  name: string;
  label: string;
  text: string;
  display: EntryDisplay;
}

/** Fields shown as code whatever they hold. */
const CODE_FIELDS = new Set(['stackTrace']);

/** JSON objects and arrays indented for reading; any other text unchanged. */
export function prettyJson(text: string): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) {
    return text;
  }
  try {
    return JSON.stringify(JSON.parse(trimmed) as unknown, null, 2);
  } catch {
    return text;
  }
}

function asText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Every field of one log row for the view dialog, in the declaration's order after the id and the time it was
 * logged (in the tenant's zone). Long text wraps; stacks and JSON keep their lines in a monospace block.
 */
export function logEntries(
  resource: Resource,
  row: Record<string, unknown>,
  lang: Language,
  labels: { id: string; createTime: string },
): LogEntry[] {
  const createTime = asText(row.createTime);
  const entries: LogEntry[] = [
    { name: 'id', label: labels.id, text: asText(row.id), display: 'text' },
    {
      name: 'createTime',
      label: labels.createTime,
      text: createTime ? formatDateTime(createTime) : '',
      display: 'text',
    },
  ];
  for (const [name, spec] of Object.entries(resource.fields)) {
    const raw = asText(row[name]);
    const pretty = spec.kind === 'text' ? prettyJson(raw) : raw;
    let display: EntryDisplay = spec.kind === 'text' ? 'wrap' : 'text';
    if (CODE_FIELDS.has(name) || pretty !== raw) {
      display = 'code';
    }
    entries.push({ name, label: pick(spec.label, lang), text: pretty, display });
  }
  return entries;
}
