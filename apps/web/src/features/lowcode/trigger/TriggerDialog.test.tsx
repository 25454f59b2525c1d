import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TriggerRecord } from '@yuan/contract/lowcode/trigger';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderScreen } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { TriggerDialog } from './TriggerDialog.tsx';

initI18n();
const { fetchMock, toast } = setUpRequests();
beforeEach(stubLayout);

const page = (records: unknown[]) =>
  envelope({ records, total: records.length, size: 200, current: 1, pages: 1 });

const ORDER = {
  id: '7',
  entNo: 'orders',
  entName: '订单',
  syncedVersion: 1,
  elements: [{ eleNo: 'amount', eleName: '金额', dataTyp: 'decimal' }],
};
// Never synced: a trigger cannot watch it, so it is not offered.
const DRAFT = { id: '8', entNo: 'draft', entName: '草稿实体', syncedVersion: 0, elements: [] };

const SAVED: TriggerRecord = {
  id: '42',
  name: '订单通知',
  resource: 'ent_7',
  entId: '7',
  events: ['create', 'update'],
  fields: ['amount'],
  condition: 'after.amount > 100',
  action: { kind: 'webhook', url: 'https://example.com/hook', timeoutSeconds: 5, hasSecret: true },
  enabled: true,
  createTime: '2024-05-01T08:00:00.000Z',
  updateTime: '2024-05-01T08:00:00.000Z',
};

/** Answers the choices' lists and the save; answers the bodies posted to saveOrUpdate. */
function serve(): unknown[] {
  const saved: unknown[] = [];
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url);
    if (path.includes('/dtentity/fnEntityList')) {
      return page([ORDER, DRAFT]);
    }
    if (path.includes('/yuan-flow/model/list')) {
      return page([]);
    }
    if (path.includes('/yuan-api/s/list')) {
      return envelope([]);
    }
    if (path.includes('/trigger/saveOrUpdate')) {
      saved.push(JSON.parse(String(init?.body)));
      return envelope(SAVED);
    }
    throw new Error(`unexpected call ${path}`);
  });
  return saved;
}

function open(record: TriggerRecord | null) {
  const onSaved = vi.fn();
  renderScreen(<TriggerDialog record={record} onClose={() => undefined} onSaved={onSaved} />);
  return onSaved;
}

const dialog = () => screen.getByTestId('trigger-dialog');
const submit = () => fireEvent.click(within(dialog()).getByRole('button', { name: '提交' }));
const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

async function chooseTarget(name: string) {
  fireEvent.mouseDown(within(dialog()).getByLabelText('触发对象'));
  const options = await screen.findAllByTitle(name);
  fireEvent.click(options.find((e) => e.classList.contains('ant-select-item-option')) as HTMLElement);
}

describe('the trigger dialog', { timeout: 60_000 }, () => {
  it('checks a new webhook trigger as the contract does, then posts it with its secret', async () => {
    const saved = serve();
    const onSaved = open(null);
    submit();
    await waitFor(() =>
      expect(errors()).toEqual(['请输入触发器名称', '请选择触发对象', '请输入接收地址', '请输入签名密钥']),
    );

    fireEvent.change(screen.getByLabelText('名称'), { target: { value: ' 新订单 ' } });
    await chooseTarget('订单');
    expect(screen.queryByTitle('草稿实体')).toBeNull();
    fireEvent.change(screen.getByLabelText('接收地址'), { target: { value: 'ftp://example.com/hook' } });
    fireEvent.change(screen.getByLabelText('签名密钥'), { target: { value: 'too-short' } });
    submit();
    await waitFor(() =>
      expect(errors()).toEqual([
        '接收地址须为 http 或 https 地址，且不含用户名和密码',
        '签名密钥须为 16～256 个字符',
      ]),
    );

    fireEvent.change(screen.getByLabelText('接收地址'), { target: { value: 'https://example.com/hook' } });
    fireEvent.change(screen.getByLabelText('签名密钥'), { target: { value: 'a-secret-of-20-chars' } });
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        name: '新订单',
        entId: '7',
        events: ['create'],
        fields: [],
        condition: '',
        action: { kind: 'webhook', url: 'https://example.com/hook', secret: 'a-secret-of-20-chars' },
        enabled: true,
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('新增成功');
  });

  it('needs at least one event, and offers the fields of the target when 修改 is checked', async () => {
    const saved = serve();
    open(null);
    expect(screen.queryByLabelText('仅当这些字段变化时')).toBeNull();
    fireEvent.click(screen.getByLabelText('新增'));
    submit();
    await waitFor(() => expect(errors()).toContain('请至少选择一个事件'));
    fireEvent.click(screen.getByLabelText('修改'));
    await chooseTarget('订单');
    // Without a target there are no fields to offer; the select is ready once the target is.
    const fields = screen.getByLabelText('仅当这些字段变化时') as HTMLInputElement;
    await waitFor(() => expect(fields.disabled).toBe(false));
    fireEvent.mouseDown(fields);
    expect(await screen.findByTitle('金额 (amount)')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('edits a webhook trigger with its secret field blank, and a blank secret keeps the stored one', async () => {
    const saved = serve();
    const onSaved = open(SAVED);
    const secret = screen.getByLabelText('签名密钥') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('留空则保持不变');
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('订单通知');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        id: '42',
        name: '订单通知',
        entId: '7',
        events: ['create', 'update'],
        fields: ['amount'],
        condition: 'after.amount > 100',
        action: { kind: 'webhook', url: 'https://example.com/hook', timeoutSeconds: 5 },
        enabled: true,
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('更新成功');
  });

  it('asks for a secret when another action becomes a webhook', async () => {
    const saved = serve();
    open({ ...SAVED, action: { kind: 'process', processKey: 'leave' } });
    fireEvent.click(screen.getByLabelText('Webhook'));
    fireEvent.change(await screen.findByLabelText('接收地址'), {
      target: { value: 'https://example.com/hook' },
    });
    submit();
    await waitFor(() => expect(errors()).toEqual(['请输入签名密钥']));
    expect(saved).toEqual([]);
  });
});
