import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paramResource } from '@yuan/contract/system/param';
import { Button } from 'antd';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { setUpRequests } from '../../test/requestHarness.ts';
import { envelope } from '../../test/responses.ts';
import { stubLayout } from '../../test/schemaForm.tsx';
import { initI18n } from '../i18n/index.ts';
import { CrudPage } from './CrudPage/index.tsx';
import type { CrudConfig } from './types.ts';

initI18n();
const { fetchMock } = setUpRequests();
const ALL = { param: true, param_view: true, param_edit: true, param_delete: true } as const;
beforeEach(() => {
  stubLayout();
  useSession.setState({ permission: { ...ALL } });
  fetchMock.mockImplementation(async () =>
    envelope({
      records: [{ id: '1', paramName: 'p1', paramKey: 'k1', paramValue: 'v1' }],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    }),
  );
});
afterEach(() => i18next.changeLanguage('zh'));

/** The action cell of the only row. */
const actionCell = async () => {
  const row = (await screen.findByText('p1')).closest('tr');
  if (!row) {
    throw new Error('no row');
  }
  const cells = row.querySelectorAll('td');
  return cells[cells.length - 1] as HTMLElement;
};
/** The texts of the buttons a user can see and reach in the cell (hidden ones are not). */
const shown = (cell: HTMLElement) =>
  within(cell)
    .queryAllByRole('button')
    .map((b) => b.textContent);
const openMore = async (cell: HTMLElement) => {
  fireEvent.click(within(cell).getByRole('button', { name: /更多|More/ }));
  return screen.findByRole('menu');
};
const itemTexts = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent);

describe("a row's actions", () => {
  it('shows the first two buttons and offers the others under 更多, each doing what it does inline', async () => {
    const platform = vi.fn();
    const config: CrudConfig = {
      resource: paramResource,
      rowActions: (row) => (
        <Button type="link" size="small" onClick={() => platform(row.id)} data-testid="param-platform">
          平台配置
        </Button>
      ),
    };
    renderScreen(<CrudPage config={config} />);
    const cell = await actionCell();
    await waitFor(() => expect(shown(cell)).toEqual(['查看', '编辑', '更多']));
    // The others stay where their screen drew them (with their state and dialogs), hidden.
    expect(within(cell).getByTestId('param-platform').hidden).toBe(true);

    const menu = await openMore(cell);
    expect(itemTexts(menu)).toEqual(['删除', '平台配置']);
    expect(within(menu).getByRole('menuitem', { name: '删除' }).className).toContain('danger');
    // The item carries its button's test id, so that a browser test finds it in the menu.
    fireEvent.click(within(menu).getByTestId('param-platform'));
    expect(platform).toHaveBeenCalledWith('1');

    fireEvent.click(within(await openMore(cell)).getByRole('menuitem', { name: '删除' }));
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
  });

  it('opens 更多 from the keyboard: it is a button', async () => {
    const platform = vi.fn();
    renderScreen(
      <CrudPage
        config={{
          resource: paramResource,
          rowActions: () => (
            <Button type="link" size="small" onClick={platform}>
              平台配置
            </Button>
          ),
        }}
      />,
    );
    const cell = await actionCell();
    const more = await within(cell).findByRole('button', { name: '更多' });
    const user = userEvent.setup();
    more.focus();
    await user.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: '平台配置' });
    fireEvent.click(item);
    expect(platform).toHaveBeenCalledTimes(1);
  });

  it('shows every button, without 更多, where a row has two', async () => {
    useSession.setState({ permission: { param: true, param_edit: true, param_delete: true } });
    renderScreen(<CrudPage config={{ resource: paramResource }} />);
    const cell = await actionCell();
    await waitFor(() => expect(shown(cell)).toEqual(['编辑', '删除']));
  });

  it('moves a button that appears later (a permission arriving) under 更多', async () => {
    useSession.setState({ permission: { param: true, param_view: true, param_edit: true } });
    renderScreen(<CrudPage config={{ resource: paramResource }} />);
    const cell = await actionCell();
    await waitFor(() => expect(shown(cell)).toEqual(['查看', '编辑']));
    act(() => useSession.setState({ permission: { ...ALL } }));
    await waitFor(() => expect(shown(cell)).toEqual(['查看', '编辑', '更多']));
    expect(itemTexts(await openMore(cell))).toEqual(['删除']);
  });

  it('names 更多 in English', async () => {
    await i18next.changeLanguage('en');
    renderScreen(
      <CrudPage
        config={{
          resource: paramResource,
          rowActions: () => (
            <Button type="link" size="small">
              Platform
            </Button>
          ),
        }}
      />,
    );
    const cell = await actionCell();
    await waitFor(() => expect(shown(cell)).toEqual(['View', 'Edit', 'More']));
    expect(itemTexts(await openMore(cell))).toEqual(['Delete', 'Platform']);
  });
});
