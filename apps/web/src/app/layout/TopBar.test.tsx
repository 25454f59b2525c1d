import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../shared/i18n/index.ts';
import { renderScreen } from '../../test/renderScreen.tsx';
import { setUpRequests } from '../../test/requestHarness.ts';
import { envelope } from '../../test/responses.ts';
import { stubLayout } from '../../test/schemaForm.tsx';
import { TopBar } from './TopBar.tsx';

initI18n();
const { fetchMock } = setUpRequests();
beforeEach(stubLayout);

describe('the top bar', () => {
  it("names each dialog's button and opens that dialog", async () => {
    fetchMock.mockImplementation(async () => envelope([]));
    renderScreen(<TopBar mobile showMenu={false} />);
    const labels = ['search', 'guide', 'theme', 'lock', 'logs'].map((name) =>
      screen.getByTestId(`open-${name}`).getAttribute('aria-label'),
    );
    expect(labels).toEqual(['搜索菜单', '操作指南', '主题', '锁屏', '错误日志']);
    fireEvent.click(screen.getByTestId('open-lock'));
    expect(await screen.findByText('设置锁屏密码')).toBeTruthy();
  });
});
