import { render, screen } from '@testing-library/react';
import { Button, Menu } from 'antd';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../shared/i18n/index.ts';
import { useSettings } from '../stores/settings.ts';
import { AppProviders } from './AppProviders.tsx';

initI18n();

function styleText(): string {
  return [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
}

describe('AppProviders', () => {
  it('draws antd components without generating their styles, and gives the theme variables to the whole page', () => {
    useSettings.setState({ themeColor: '#123456' });
    render(
      <AppProviders>
        <Button type="primary">Save</Button>
        <Menu items={[{ key: 'a', label: 'A' }]} />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Save' }).className).toContain('app-theme-vars');
    const styles = styleText();
    // The component rules come from antd's static stylesheet; only the theme's variables are written at run time.
    expect(styles).not.toMatch(/\.ant-btn-primary[^{]*\{[^}]*background/);
    expect(styles).not.toMatch(/\.ant-menu-item[^{]*\{/);
    expect(styles).toMatch(/\.app-theme-vars\{[^}]*--ant-color-primary:#123456/);
    expect(document.body.classList.contains('app-theme-vars')).toBe(true);
  });
});
