import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { renderInApp } from '../../../test/renderScreen.tsx';
import { setUpRequests } from '../../../test/requestHarness.ts';
import { envelope } from '../../../test/responses.ts';
import { stubLayout } from '../../../test/schemaForm.tsx';
import { TextDialog } from './TextDialog.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

describe('the language text dialog', { timeout: 60_000 }, () => {
  it("checks key, language, text and model with the screen's texts before it sends the text", async () => {
    fetchMock.mockResolvedValue(envelope({ id: '1' }));
    const onSaved = vi.fn();
    renderInApp(<TextDialog row={null} onClose={() => undefined} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(errors()).toEqual(['请输入文本键', '请输入文本']));
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('文本键'), { target: { value: 'a b' } });
    fireEvent.change(screen.getByLabelText('文本'), { target: { value: '你好' } });
    fireEvent.change(screen.getByLabelText('模块'), { target: { value: 'Bad' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(errors()).toEqual(['文本键只能包含字母、数字和 _ . : -', '模块格式不正确']));

    fireEvent.change(screen.getByLabelText('文本键'), { target: { value: 'menu.home' } });
    fireEvent.change(screen.getByLabelText('模块'), { target: { value: 'eth_frontend' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // create is a GET with the text in the query.
    const query = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      i18nKey: 'menu.home',
      language: 'zh',
      i18nText: '你好',
      i18nModel: 'eth_frontend',
    });
  });
});
