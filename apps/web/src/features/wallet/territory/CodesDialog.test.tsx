import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { CodesDialog } from './CodesDialog.tsx';
import type { CodeBatch } from './codesCsv.ts';

initI18n();
const { toast } = setUpRequests();
beforeEach(stubLayout);
afterEach(() => {
  vi.restoreAllMocks();
});

const batch: CodeBatch = {
  batchId: '77',
  amount: '5',
  expiresAt: '2030-01-01T00:00:00+08:00',
  territory: '110000',
  codes: ['AAAA-BBBB-0001', 'AAAA-BBBB-0002'],
};

function open() {
  const onClose = vi.fn();
  renderInApp(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <CodesDialog batch={batch} onClose={onClose} />
      </App>
    </QueryClientProvider>,
  );
  return onClose;
}

describe('the new codes dialog', { timeout: 60_000 }, () => {
  it('asks before closing while the codes were neither copied nor saved', async () => {
    const onClose = open();
    const dialog = within(await screen.findByTestId('codes-dialog'));
    expect(dialog.getAllByTestId('codes-code').map((node) => node.textContent)).toEqual(batch.codes);
    fireEvent.click(screen.getByTestId('codes-close'));
    fireEvent.click(await screen.findByRole('button', { name: '仍然关闭' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('copies all codes, then closes without asking', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onClose = open();
    fireEvent.click(await screen.findByTestId('codes-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText).toHaveBeenCalledWith('AAAA-BBBB-0001\nAAAA-BBBB-0002');
    // The toast comes once the copy is done and kept: the close below must not ask.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('兑换码已复制'));
    fireEvent.click(screen.getByTestId('codes-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('saves the codes as a CSV made in the browser', async () => {
    const made: Blob[] = [];
    // jsdom has no object URLs: the blob handed to the download is kept instead.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return 'blob:codes';
      },
      revokeObjectURL: () => undefined,
    });
    const onClose = open();
    fireEvent.click(await screen.findByTestId('codes-csv'));
    expect(made).toHaveLength(1);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(made[0] as Blob);
    });
    expect(csv.split('\r\n')[1]).toBe('AAAA-BBBB-0001,5,2030-01-01 00:00:00,110000,77');
    fireEvent.click(screen.getByTestId('codes-close'));
    expect(onClose).toHaveBeenCalled();
  });
});
