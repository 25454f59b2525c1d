import { fireEvent, screen, waitFor } from '@testing-library/react';
import { paramResource } from '@yuan/contract/system/param';
import { Button } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../stores/session.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope, jsonResponse } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { initI18n } from '../../i18n/index.ts';
import { CrudPage } from './index.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(() => {
  stubLayout();
  useSession.setState({ permission: { param: true, param_add: true, param_delete: true } });
  fetchMock.mockImplementation(async () =>
    jsonResponse(envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 })),
  );
});

const toolbarTexts = () =>
  screen
    .getAllByRole('button')
    .map((button) => button.textContent || button.getAttribute('aria-label'))
    .filter((text) => ['新增', '新建模型', '删除', '导出', '刷新'].includes(text ?? ''));

describe('a list screen with an add of its own', () => {
  it('shows it where every list shows 新增: first, before 删除 and the screen buttons', async () => {
    const own = vi.fn();
    renderScreen(
      <CrudPage
        config={{
          resource: paramResource,
          add: { onClick: own, testId: 'own-add', label: '新建模型' },
          toolbar: () => <Button>导出</Button>,
        }}
      />,
    );
    await waitFor(() => expect(toolbarTexts()).toEqual(['新建模型', '删除', '导出', '刷新']));
    fireEvent.click(screen.getByTestId('own-add'));
    expect(own).toHaveBeenCalledTimes(1);
    // The generic add dialog stays closed: the screen's own add replaces it.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the generic 新增 first where the screen has none', async () => {
    renderScreen(<CrudPage config={{ resource: paramResource, toolbar: () => <Button>导出</Button> }} />);
    await waitFor(() => expect(toolbarTexts()).toEqual(['新增', '删除', '导出', '刷新']));
  });
});
