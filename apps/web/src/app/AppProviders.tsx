import { ConfigProvider, message, theme } from 'antd';
// The ES builds of the locales: antd/locale/* are CommonJS and drag antd/lib into the entry chunk.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useReducedMotion } from '../shared/hooks/useReducedMotion.ts';
import { getLanguage } from '../shared/i18n/language.ts';
import { themeSpec } from '../shared/theme/themes.ts';
import { bindFeedback } from '../shared/ui/feedback.ts';
import { useSettings } from '../stores/settings.ts';

/**
 * Binds antd's context-aware message API for code outside components (request client). Only the message hook
 * lives here; antd's App (with modal and notification) wraps the shell and the lock page in their own chunks,
 * which keeps the login route's initial JavaScript small.
 */
function FeedbackBinder() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    // The key collapses identical toasts (e.g. several failed calls with the same message) into one.
    bindFeedback({
      error: (text) => void api.error({ content: text, key: `error:${text}` }),
      success: (text) => void api.success({ content: text, key: `success:${text}` }),
      warning: (text) => void api.warning({ content: text, key: `warning:${text}` }),
    });
    return () => bindFeedback(null);
  }, [api]);
  return holder;
}

/**
 * The class that carries the theme's CSS variables. antd's component styles come from its static stylesheet
 * (`antd/dist/antd.css`, imported by main.tsx; theme `zeroRuntime`): drawing a component no longer generates and
 * inserts its styles, only the variables of the theme change at run time. The body carries the class too, so what
 * sits outside antd's components (the sign-in page's links) reads the same variables.
 */
const THEME_VARS = 'app-theme-vars';

export function AppProviders({ children }: { children: ReactNode }) {
  const themeName = useSettings((state) => state.themeName);
  const themeColor = useSettings((state) => state.themeColor);
  const language = getLanguage();
  const spec = themeSpec(themeName);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    document.body.dataset.theme = themeName;
    document.body.classList.add(THEME_VARS);
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  }, [themeName, language]);

  return (
    <ConfigProvider
      locale={language === 'en' ? enUS : zhCN}
      // Button texts stay exactly as written (antd would insert a space between two Chinese characters).
      button={{ autoInsertSpace: false }}
      theme={{
        zeroRuntime: true,
        cssVar: { key: THEME_VARS },
        algorithm: spec.dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: themeColor, colorLink: themeColor, motion: !reducedMotion },
        components: {
          Layout: { siderBg: spec.siderBg, headerBg: spec.headerBg, headerPadding: '0 12px' },
          Menu: {
            darkItemBg: spec.siderBg,
            darkSubMenuItemBg: 'rgba(0,0,0,0.2)',
            darkItemSelectedBg: themeColor,
          },
        },
      }}
    >
      <FeedbackBinder />
      {children}
    </ConfigProvider>
  );
}
