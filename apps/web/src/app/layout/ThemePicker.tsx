import { THEME_COLOR_DEFAULT, THEMES } from '@yuan/contract/constants';
import { Button, ColorPicker, Drawer, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEME_SPECS } from '../../shared/theme/themes.ts';
import { useSettings } from '../../stores/settings.ts';

/** Theme picker: the six themes of SPEC §9 and the primary colour (saved, applied at once). */
export function ThemePicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const themeName = useSettings((state) => state.themeName);
  const themeColor = useSettings((state) => state.themeColor);
  const setTheme = useSettings((state) => state.setTheme);
  const setThemeColor = useSettings((state) => state.setThemeColor);

  return (
    <Drawer open={open} onClose={onClose} title={t('theme.title')} size={320}>
      <fieldset className="theme-grid" aria-label={t('theme.title')}>
        {THEMES.map((name) => (
          <label key={name} className={`theme-grid__item${name === themeName ? ' is-active' : ''}`}>
            <input
              type="radio"
              name="theme"
              value={name}
              checked={name === themeName}
              onChange={() => setTheme(name)}
            />
            <span className="theme-grid__swatch" style={{ background: THEME_SPECS[name].swatch }} />
            <span>{t(`theme.${name}`)}</span>
          </label>
        ))}
      </fieldset>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('theme.color')}
      </Typography.Title>
      <Space>
        <ColorPicker
          value={themeColor}
          disabledAlpha
          showText
          onChangeComplete={(color) => setThemeColor(color.toHexString())}
          aria-label={t('theme.color')}
        />
        <Button onClick={() => setThemeColor(THEME_COLOR_DEFAULT)}>{THEME_COLOR_DEFAULT}</Button>
      </Space>
    </Drawer>
  );
}
