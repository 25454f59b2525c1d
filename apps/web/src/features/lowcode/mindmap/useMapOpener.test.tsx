import { fireEvent, screen } from '@testing-library/react';
import type { MenuNode } from '@yuan/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../stores/session.ts';
import { renderRoute } from '../../../test/renderScreen.tsx';
import { useMapOpener } from './useMapOpener.ts';

function leaf(path: string): MenuNode {
  return {
    id: path,
    parentId: '0',
    code: 'x',
    name: path,
    i18n: { zh: path, en: path },
    path,
    source: '',
    sort: 1,
    category: 1,
    isOpen: 1,
    hidden: true,
    meta: {},
    children: [],
  };
}

function Opener() {
  const { opened, open } = useMapOpener();
  return (
    <>
      <button type="button" onClick={() => open('exec', '42')}>
        run
      </button>
      <div data-testid="opened">{opened ? `${opened.view}:${opened.id}` : ''}</div>
    </>
  );
}

afterEach(() => useSession.setState({ menuAll: [] }));

describe("opening a map's view from the list", () => {
  it('goes to its route when the menu has one', async () => {
    useSession.setState({ menuAll: [leaf('/mindmap/list/index'), leaf('/mindmap/exec/:id')] });
    renderRoute('/mindmap/list/index', <Opener />);
    fireEvent.click(screen.getByText('run'));
    expect((await screen.findByTestId('where')).textContent).toBe('/mindmap/exec/42');
  });

  it('shows it in place of the list when the menu lacks the route (a path without a menu entry is a 404)', () => {
    useSession.setState({ menuAll: [leaf('/mindmap/list/index')] });
    renderRoute('/mindmap/list/index', <Opener />);
    fireEvent.click(screen.getByText('run'));
    expect(screen.getByTestId('opened').textContent).toBe('exec:42');
  });
});
