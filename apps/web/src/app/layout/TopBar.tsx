import {
  BgColorsOutlined,
  BugOutlined,
  LockOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { LOG_BADGE_MAX } from '@yuan/contract/constants';
import { Badge, Button, Layout, Tooltip } from 'antd';
import { lazy, memo, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { themeSpec } from '../../shared/theme/themes.ts';
import { useErrorLog } from '../../stores/errorLog.ts';
import { useSettings } from '../../stores/settings.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MenuSearch } from './MenuSearch.tsx';
import { NoticeBell } from './NoticeBell.tsx';
import { TopMenuBar } from './TopMenuBar.tsx';
import { UserMenu } from './UserMenu.tsx';

// Dialogs load on first use: the error log's table and the colour picker alone would add ~100 KB to the shell.
const ErrorLogDialog = lazy(() =>
  import('./ErrorLogDialog.tsx').then((m) => ({ default: m.ErrorLogDialog })),
);
const LockDialog = lazy(() => import('./LockDialog.tsx').then((m) => ({ default: m.LockDialog })));
// The web chat's button and unread count load with its own texts, after the shell.
const ChatButton = lazy(() =>
  import('../../features/webchat/ChatButton.tsx').then((m) => ({ default: m.ChatButton })),
);
const ThemePicker = lazy(() => import('./ThemePicker.tsx').then((m) => ({ default: m.ThemePicker })));
const VideoHelpDialog = lazy(() =>
  import('./VideoHelpDialog.tsx').then((m) => ({ default: m.VideoHelpDialog })),
);

type Dialog = 'search' | 'guide' | 'theme' | 'lock' | 'logs' | null;

/** A header button that opens one of the bar's dialogs (test id `open-<dialog>`). */
function Action({
  dialog,
  label,
  icon,
  onOpen,
}: {
  dialog: Exclude<Dialog, null>;
  label: string;
  icon: ReactNode;
  onOpen: (dialog: Dialog) => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={icon}
        onClick={() => onOpen(dialog)}
        data-testid={`open-${dialog}`}
      />
    </Tooltip>
  );
}

/** Top bar of SPEC §2 Layout; memoised, as nothing it shows changes when the shell draws again for a move between tabs. */
export const TopBar = memo(function TopBar({ mobile, showMenu }: { mobile: boolean; showMenu: boolean }) {
  const { t } = useTranslation();
  const collapse = useSettings((state) => state.collapse);
  const setCollapse = useSettings((state) => state.setCollapse);
  const themeName = useSettings((state) => state.themeName);
  const logCount = useErrorLog((state) => state.logs.length);
  const [dialog, setDialogState] = useState<Dialog>(null);
  // Once opened, a dialog stays mounted so its closing animation and state survive.
  const [used, setUsed] = useState<ReadonlySet<Dialog>>(new Set());
  const setDialog = useCallback((next: Dialog) => {
    setDialogState(next);
    setUsed((current) => (current.has(next) ? current : new Set(current).add(next)));
  }, []);
  const close = () => setDialogState(null);
  const spec = themeSpec(themeName);

  // Ctrl/Cmd+K opens the menu search from anywhere in the shell.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setDialog('search');
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [setDialog]);

  return (
    <Layout.Header className="app-header" style={{ color: spec.headerText }}>
      {showMenu && (
        <Button
          type="text"
          className="app-header__toggle"
          aria-label={collapse ? t('layout.expand') : t('layout.collapse')}
          aria-expanded={!collapse}
          icon={collapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapse(!collapse)}
          data-testid="collapse-toggle"
        />
      )}
      <div className="app-header__menu">{!mobile && <TopMenuBar />}</div>
      <div className="app-header__actions">
        <Action dialog="search" label={t('search.open')} icon={<SearchOutlined />} onOpen={setDialog} />
        <Action
          dialog="guide"
          label={t('guide.title')}
          icon={<QuestionCircleOutlined />}
          onOpen={setDialog}
        />
        <LanguageSwitch />
        <NoticeBell />
        <Suspense fallback={null}>
          <ChatButton />
        </Suspense>
        <Action dialog="theme" label={t('theme.title')} icon={<BgColorsOutlined />} onOpen={setDialog} />
        <Action dialog="lock" label={t('lock.title')} icon={<LockOutlined />} onOpen={setDialog} />
        <Badge count={logCount} overflowCount={LOG_BADGE_MAX} size="small" offset={[-6, 6]}>
          <Action dialog="logs" label={t('logs.title')} icon={<BugOutlined />} onOpen={setDialog} />
        </Badge>
        <UserMenu />
      </div>
      <MenuSearch open={dialog === 'search'} onClose={close} />
      <Suspense fallback={null}>
        {used.has('guide') && <VideoHelpDialog open={dialog === 'guide'} onClose={close} />}
        {used.has('theme') && <ThemePicker open={dialog === 'theme'} onClose={close} />}
        {used.has('lock') && <LockDialog open={dialog === 'lock'} onClose={close} />}
        {used.has('logs') && <ErrorLogDialog open={dialog === 'logs'} onClose={close} />}
      </Suspense>
    </Layout.Header>
  );
});
