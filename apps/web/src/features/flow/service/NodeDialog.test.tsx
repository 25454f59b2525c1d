import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { NodeDialog } from './NodeDialog.tsx';
import { TOP } from './tree.ts';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

function open() {
  const onDone = vi.fn();
  renderInApp(
    <NodeDialog
      mode="create"
      kind="service"
      parentId={TOP}
      nodes={[]}
      onDone={onDone}
      onClose={() => undefined}
    />,
  );
  return onDone;
}

describe('the new service dialog', { timeout: 60_000 }, () => {
  it("asks for a name and a path in the definition's words, and Enter sends it", async () => {
    fetchMock.mockResolvedValue(envelope({ id: '9', name: '未读', kind: 'service' }));
    const onDone = open();
    expect(screen.getByTestId('flow-node-parent').textContent).toBe('顶级');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(errors()).toEqual(['请输入名称', '路径必须填写']));

    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '未读' } });
    fireEvent.change(screen.getByLabelText('路径'), { target: { value: '9x' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(errors()).toEqual(['路径格式不匹配']));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('路径'), { target: { value: 'support/QueryUnRead' } });
    fireEvent.keyDown(screen.getByLabelText('路径'), { key: 'Enter' });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('9'));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ parentId: TOP, name: '未读', kind: 'service', path: 'support/QueryUnRead' });
  });
});
