import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HelpVideo } from '../../shared/api/help.ts';
import '../../features/help/i18n/index.ts';
import { useVideoHelpPlayer } from './useVideoHelpPlayer.ts';

/**
 * One help video, full screen (see useVideoHelpPlayer). Where the browser refuses full screen it plays in the
 * dialog, with a button to close it.
 */
export function VideoHelpPlayer({ video, onDone }: { video: HelpVideo; onDone: () => void }) {
  const { t } = useTranslation();
  const { ref, mode } = useVideoHelpPlayer(video, onDone);
  return (
    <div data-testid="video-help-player" data-mode={mode} style={{ marginBottom: 12 }}>
      {mode === 'inline' && (
        <Alert type="info" showIcon title={t('guide.inline')} style={{ marginBottom: 8 }} />
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: help videos come from the server without caption tracks. */}
      <video
        ref={ref}
        src={video.contentPath}
        controls
        playsInline
        className="video-help__player"
        aria-label={video.title}
        data-video-id={video.id}
      />
      <Button size="small" onClick={onDone} data-testid="video-help-close" style={{ marginTop: 8 }}>
        {t('guide.closePlayer')}
      </Button>
    </div>
  );
}
