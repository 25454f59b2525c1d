import { render, waitFor } from '@testing-library/react';
import { EditorView, runScopeHandlers } from '@uiw/react-codemirror';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { SqlEditor, type SqlEditorHandle } from './SqlEditor.tsx';

// jsdom lays nothing out: CodeMirror's text measuring gets empty boxes.
beforeEach(() => stubLayout());

const tables = [
  {
    id: '7',
    code: 'sale',
    name: '销售',
    columns: [
      { code: 'region', name: '地区' },
      { code: 'amount', name: '金额' },
    ],
  },
];

/** The real CodeMirror with the query typed and the cursor at its end. */
async function editorWith(query: string, onRun?: () => void) {
  const handle = createRef<SqlEditorHandle>();
  const { container } = render(
    <SqlEditor value={query} onChange={() => undefined} tables={tables} onRun={onRun} handle={handle} />,
  );
  const content = await waitFor(() => {
    const found = container.querySelector<HTMLElement>('.cm-content');
    expect(found).not.toBeNull();
    return found as HTMLElement;
  });
  const view = EditorView.findFromDOM(content);
  if (!view) {
    throw new Error('no editor view');
  }
  view.dispatch({ selection: { anchor: query.length } });
  return { handle, view, container };
}

const list = (container: HTMLElement) => container.querySelector('.cm-tooltip-autocomplete');

/** Opens the completion list as Ctrl+Space does, and waits until it shows. */
async function openList(view: EditorView, container: HTMLElement) {
  runScopeHandlers(view, new KeyboardEvent('keydown', { key: ' ', ctrlKey: true }), 'editor');
  await waitFor(() => expect(list(container)).not.toBeNull());
}

describe('the SQL editor', { timeout: 60_000 }, () => {
  it('closes its completion list when the screen asks', async () => {
    const { handle, view, container } = await editorWith('SELECT sale.reg FROM sale');
    view.dispatch({ selection: { anchor: 'SELECT sale.reg'.length } });
    await openList(view, container);
    expect(list(container)?.textContent).toContain('region');
    handle.current?.closeCompletion();
    await waitFor(() => expect(list(container)).toBeNull());
    // Nothing was completed or typed by closing it.
    expect(view.state.doc.toString()).toBe('SELECT sale.reg FROM sale');
  });

  it('closes the list and runs on Ctrl+Enter', async () => {
    const onRun = vi.fn();
    const { view, container } = await editorWith('SELECT reg FROM sale', onRun);
    view.dispatch({ selection: { anchor: 'SELECT reg'.length } });
    await openList(view, container);
    runScopeHandlers(view, new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }), 'editor');
    expect(onRun).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(list(container)).toBeNull());
    expect(view.state.doc.toString()).toBe('SELECT reg FROM sale');
  });

  it('asking to close with no list open changes nothing', async () => {
    const { handle, view } = await editorWith('SELECT 1');
    view.dispatch({ selection: { anchor: 2, head: 5 } });
    handle.current?.closeCompletion();
    expect(view.state.selection.main).toMatchObject({ anchor: 2, head: 5 });
  });
});
