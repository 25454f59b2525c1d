import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUpRequests } from '../../test/requestHarness.ts';
import { renderSchemaForm, stubLayout } from '../../test/schemaForm.tsx';
import { initI18n } from '../i18n/index.ts';
import { isEmptyRichText, sanitizeRichText } from './sanitize.ts';

initI18n();
setUpRequests();
beforeEach(stubLayout);

const DIRTY =
  '<p>正文 <b>加粗</b><img src="x.png" onerror="window.__hit=1"><script>window.__hit=2</script></p>';

describe('the rich-text field', { timeout: 60_000 }, () => {
  it('drops script elements, event handlers and javascript: links, keeps formatting', () => {
    const clean = sanitizeRichText(
      `${DIRTY}<a href="javascript:alert(1)">x</a><a href="https://a.example/">y</a>`,
    );
    expect(clean).not.toMatch(/script|onerror|javascript:/i);
    expect(clean).toContain('<b>加粗</b>');
    expect(clean).toContain('<img src="x.png">');
    expect(clean).toContain('href="https://a.example/"');
    expect(isEmptyRichText('<p><br></p>')).toBe(true);
    expect(isEmptyRichText('<p><img src="a.png"></p>')).toBe(false);
  });

  it('shows a stored value sanitized and sends only sanitized HTML', async () => {
    const { onSubmit } = renderSchemaForm(
      { column: [{ type: 'ueditor', prop: 'body', label: '正文' }] },
      { values: { body: DIRTY } },
    );
    const box = screen.getByRole('textbox', { name: '正文' });
    expect(box.innerHTML).toContain('<b>加粗</b>');
    expect(box.innerHTML).not.toMatch(/script|onerror/i);

    // What the user's editing leaves in the box (a pasted handler, say) is cleaned before it becomes the value.
    box.innerHTML = '<p>新的<img src="y.png" onerror="window.__hit=3"></p>';
    fireEvent.input(box);
    expect(box.innerHTML).toBe('<p>新的<img src="y.png"></p>');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ body: '<p>新的<img src="y.png"></p>' }));
    expect((window as { __hit?: number }).__hit).toBeUndefined();
  });

  it('offers bold, italic, underline, link and both lists', () => {
    renderSchemaForm({ column: [{ type: 'ueditor', prop: 'body', label: '正文' }] });
    for (const name of ['加粗', '斜体', '下划线', '链接', '无序列表', '有序列表']) {
      screen.getByRole('button', { name });
    }
    fireEvent.click(screen.getByRole('button', { name: '链接' }));
    screen.getByRole('textbox', { name: '链接地址' });
  });
});
