import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import type { SyncAnswer } from '../api.ts';
import { canApply, SyncDialog } from './SyncDialog.tsx';

initI18n();

const { fetchMock, toast } = setUpRequests();

const ADD = { sql: 'ALTER TABLE "yuan_ent_5" ADD COLUMN "born" date', what: '新增列 born' };
const LOSSY: SyncAnswer = {
  steps: [{ sql: 'ALTER TABLE "yuan_ent_5" DROP COLUMN "age"', what: '删除列 age', rows: 3 }, ADD],
  affectedRows: 3,
  applied: false,
};

/** Answers the preview with `preview` and an apply with the plan applied; returns the bodies posted. */
function serve(preview: SyncAnswer): unknown[] {
  const bodies: unknown[] = [];
  fetchMock.mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { apply?: boolean };
    bodies.push(body);
    return envelope(body.apply ? { ...preview, applied: true } : preview);
  });
  return bodies;
}

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(
    <QueryClientProvider client={client}>
      <SyncDialog target={{ id: '5', entName: '客户' }} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const applyButton = () => screen.getByRole('button', { name: '执行同步' }) as HTMLButtonElement;

describe('the sync dialog', { timeout: 30_000 }, () => {
  it('offers Apply only when there are steps and, for lost rows, their count was typed', () => {
    expect(canApply(undefined, null)).toBe(false);
    expect(canApply({ steps: [], affectedRows: 0, applied: false }, null)).toBe(false);
    expect(canApply({ ...LOSSY, affectedRows: 0 }, null)).toBe(true);
    expect(canApply(LOSSY, null)).toBe(false);
    expect(canApply(LOSSY, 2)).toBe(false);
    expect(canApply(LOSSY, 3)).toBe(true);
  });

  it('keeps Apply off until the affected row count is typed, then applies with it', async () => {
    const bodies = serve(LOSSY);
    const onClose = renderDialog();
    expect(await screen.findByText('删除列 age')).toBeTruthy();
    expect(screen.getByText('新增列 born')).toBeTruthy();
    expect(screen.getByText('受影响的行数：3')).toBeTruthy();
    expect(applyButton().disabled).toBe(true);

    const count = screen.getByLabelText('请输入受影响的行数以确认');
    fireEvent.change(count, { target: { value: '2' } });
    expect(applyButton().disabled).toBe(true);
    fireEvent.change(count, { target: { value: '3' } });
    await waitFor(() => expect(applyButton().disabled).toBe(false));

    fireEvent.click(applyButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('同步成功'));
    expect(bodies).toEqual([{ id: '5' }, { id: '5', apply: true, confirm: 3 }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('applies a plan that loses nothing without asking for a count', async () => {
    const bodies = serve({ steps: [ADD], affectedRows: 0, applied: false });
    renderDialog();
    expect(await screen.findByText('新增列 born')).toBeTruthy();
    expect(screen.queryByLabelText('请输入受影响的行数以确认')).toBeNull();
    await waitFor(() => expect(applyButton().disabled).toBe(false));
    fireEvent.click(applyButton());
    await waitFor(() => expect(bodies).toEqual([{ id: '5' }, { id: '5', apply: true }]));
  });

  it('says there is nothing to change and offers no Apply', async () => {
    serve({ steps: [], affectedRows: 0, applied: false });
    renderDialog();
    expect(await screen.findByText('没有需要执行的变更')).toBeTruthy();
    expect(applyButton().disabled).toBe(true);
  });
});
