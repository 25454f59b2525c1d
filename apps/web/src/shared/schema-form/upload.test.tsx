import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpRequests } from '../../test/requestHarness.ts';
import { renderSchemaForm, stubLayout } from '../../test/schemaForm.tsx';
import { PUT_FILE_PATH } from '../api/putFile.ts';
import { initI18n } from '../i18n/index.ts';
import { accepts, uploadPath } from './uploadChecks.ts';
import { type DrawContext, drawWatermark } from './watermark.ts';

initI18n();
const { toast } = setUpRequests();

/** Just enough of XMLHttpRequest for putFile: every request is kept and answered by the test. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  upload = { onprogress: null as ((event: { loaded: number; total: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  answer(link: string) {
    this.status = 200;
    this.responseText = JSON.stringify({ code: 200, success: true, msg: '', data: { link } });
    this.onload?.();
  }
}

beforeEach(() => {
  stubLayout();
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

function choose(files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

const kb = (n: number, name = 'a.txt') => new File(['x'.repeat(n * 1024)], name, { type: 'text/plain' });
const field: FormField = { type: 'upload', prop: 'files', label: '附件', filesize: 2, limit: 2 };

describe('the upload field', { timeout: 60_000 }, () => {
  it('posts a file to put-file and keeps its link as the value', async () => {
    const { onSubmit } = renderSchemaForm({ column: [field] });
    choose([kb(1)]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]?.url).toBe(PUT_FILE_PATH);
    expect(FakeXhr.sent[0]?.body?.get('file')).toBeInstanceOf(Blob);
    FakeXhr.sent[0]?.answer('/oss/a.txt');
    await screen.findByText('a.txt');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ files: ['/oss/a.txt'] }));
  });

  it('refuses a file over filesize (KB) without sending it', async () => {
    renderSchemaForm({ column: [field] });
    choose([kb(3, 'big.txt')]);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('big.txt 超过 2KB，不能上传'));
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses the files beyond its limit', async () => {
    renderSchemaForm({ column: [field] }, { values: { files: ['/oss/old.txt'] } });
    choose([kb(1, 'one.txt'), kb(1, 'two.txt')]);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('最多上传 2 个文件'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0]?.body?.get('file') as File | undefined)?.name).toBe('one.txt');
  });

  it('refuses a type outside accept', async () => {
    renderSchemaForm({ column: [{ ...field, accept: '.png,image/jpeg' }] });
    choose([kb(1, 'a.txt')]);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('a.txt 的类型不在允许范围（.png,image/jpeg）内'),
    );
    expect(accepts({ name: 'x.PNG', type: '' }, '.png')).toBe(true);
    // A form's own upload address must be this server's API: the call carries the caller's token.
    expect(uploadPath('/api/yuan-resource/oss/endpoint/put-file-attach')).toBe(
      '/api/yuan-resource/oss/endpoint/put-file-attach',
    );
    for (const elsewhere of [
      'https://evil.example/upload',
      '//evil.example/x',
      '/api/../oss',
      'javascript:x',
      '',
    ]) {
      expect(uploadPath(elsewhere)).toBe(PUT_FILE_PATH);
    }
    expect(accepts({ name: 'x', type: 'image/webp' }, 'image/*')).toBe(true);
  });

  it('draws the watermark text at right/bottom from the corner with the opacity', () => {
    const calls: unknown[][] = [];
    const context = {
      globalAlpha: 1,
      font: '',
      fillStyle: '',
      textAlign: 'start',
      textBaseline: 'alphabetic',
      drawImage: (...args: unknown[]) => calls.push(['drawImage', ...args.slice(1)]),
      fillText: (...args: unknown[]) => calls.push(['fillText', ...args]),
    } as DrawContext;
    drawWatermark(context, {} as CanvasImageSource, 400, 300, {
      text: 'Yuan',
      fontFamily: 'serif',
      fontSize: 20,
      opacity: 50,
      right: 10,
      bottom: 20,
    });
    expect(calls).toEqual([
      ['drawImage', 0, 0],
      ['fillText', 'Yuan', 390, 280],
    ]);
    expect(context.globalAlpha).toBe(0.5);
    expect(context.font).toBe('20px serif');
  });
});
