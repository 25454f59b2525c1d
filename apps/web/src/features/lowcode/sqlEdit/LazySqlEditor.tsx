import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { SqlEditorProps } from './SqlEditor.tsx';

// CodeMirror and the SQL grammar load when a query is first shown, never with the list or the start bundle.
const SqlEditor = lazy(() => import('./SqlEditor.tsx').then((m) => ({ default: m.SqlEditor })));

/** The SQL editor, loaded on demand; a placeholder block stands in meanwhile. */
export function LazySqlEditor(props: SqlEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: props.height ?? '220px' }} />}>
      <SqlEditor {...props} />
    </Suspense>
  );
}
