import { PostgreSQL, type SQLNamespace, sql } from '@codemirror/lang-sql';
import CodeMirror, { type EditorView, keymap, Prec, runScopeHandlers } from '@uiw/react-codemirror';
import { type Ref, useImperativeHandle, useMemo, useRef } from 'react';
import { themeSpec } from '../../../shared/theme/themes.ts';
import { useSettings } from '../../../stores/settings.ts';
import type { SqlTable } from './useSqlSchema.ts';

export interface SqlEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Completed as tables (entity codes) and, after `table.`, their columns. */
  tables?: readonly SqlTable[];
  /** Ctrl/Cmd+Enter. */
  onRun?: () => void;
  height?: string;
  placeholder?: string;
  testId?: string;
  /** What the screen may ask of the editor (close the completion list when it runs the query by a button). */
  handle?: Ref<SqlEditorHandle>;
}

export interface SqlEditorHandle {
  /** Closes the completion list if it is open. */
  closeCompletion: () => void;
}

/**
 * Closes the completion list through its own Escape binding: the command itself lives in @codemirror/autocomplete,
 * which the app does not depend on. Sent only while the list shows, so Escape's other binding (dropping extra
 * cursors) never runs.
 */
function closeCompletion(view: EditorView | undefined): void {
  if (view?.dom.querySelector('.cm-tooltip-autocomplete')) {
    runScopeHandlers(view, new KeyboardEvent('keydown', { key: 'Escape' }), 'editor');
  }
}

/** Each entity as a table whose columns are its field codes; names show beside the codes in the list. */
function schemaOf(tables: readonly SqlTable[]): SQLNamespace {
  return Object.fromEntries(
    tables.map((table) => [
      table.code,
      {
        self: { label: table.code, type: 'type', detail: table.name },
        children: table.columns.map((column) => ({
          label: column.code,
          type: 'property',
          detail: column.name === column.code ? undefined : column.name,
        })),
      },
    ]),
  );
}

/**
 * SQL in CodeMirror 6 with PostgreSQL highlighting and completion of the tenant's tables and columns. It is its own
 * chunk (loaded through LazySqlEditor), so neither CodeMirror nor the SQL grammar weighs on any screen that
 * does not show a query.
 */
export function SqlEditor({
  value,
  onChange,
  tables = [],
  onRun,
  height = '220px',
  placeholder,
  testId,
  handle,
}: SqlEditorProps) {
  const dark = useSettings((state) => themeSpec(state.themeName).dark);
  const view = useRef<EditorView | undefined>(undefined);
  useImperativeHandle(handle, () => ({ closeCompletion: () => closeCompletion(view.current) }), []);
  // The key binding is made once; it calls whatever run the screen passes now.
  const run = useRef(onRun);
  run.current = onRun;
  const runKeys = useMemo(
    () =>
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: (editor) => {
              // The rows replace what the list would complete: it must not stay open over them.
              closeCompletion(editor);
              run.current?.();
              return true;
            },
          },
        ]),
      ),
    [],
  );
  const language = useMemo(
    () => sql({ dialect: PostgreSQL, schema: schemaOf(tables), upperCaseKeywords: true }),
    [tables],
  );
  const extensions = useMemo(() => [runKeys, language], [runKeys, language]);
  return (
    <div data-testid={testId} className="sql-editor">
      <CodeMirror
        value={value}
        height={height}
        theme={dark ? 'dark' : 'light'}
        extensions={extensions}
        onChange={(next) => onChange(next)}
        onCreateEditor={(made) => {
          view.current = made;
        }}
        placeholder={placeholder}
        basicSetup={{ foldGutter: false }}
        style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}
      />
    </div>
  );
}
