import { PlayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { VIDEO_SEEK_S } from '@yuan/contract/constants';
import { Alert, Card, Col, Empty, Modal, Row, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHelpVideos, type HelpVideo } from '../../shared/api/help.ts';

const POSITION_KEY = 'yuan-video-position';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(localStorage.getItem(POSITION_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(id: string, seconds: number): void {
  localStorage.setItem(POSITION_KEY, JSON.stringify({ ...savedPositions(), [id]: seconds }));
}

/** Plays one video full screen; resumes at the saved position, arrows seek 5 s, leaving full screen hides it. */
function FullScreenPlayer({ video, onDone }: { video: HelpVideo; onDone: () => void }) {
  const element = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const player = element.current;
    if (!player) {
      return undefined;
    }
    const onLoaded = () => {
      player.currentTime = savedPositions()[video.id] ?? 0;
    };
    const onTime = () => savePosition(video.id, player.currentTime);
    const onFullscreen = () => {
      if (!document.fullscreenElement) {
        savePosition(video.id, player.currentTime);
        player.pause();
        onDone();
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        const delta = event.key === 'ArrowRight' ? VIDEO_SEEK_S : -VIDEO_SEEK_S;
        player.currentTime = Math.max(0, player.currentTime + delta);
      }
    };
    player.addEventListener('loadedmetadata', onLoaded);
    player.addEventListener('timeupdate', onTime);
    document.addEventListener('fullscreenchange', onFullscreen);
    document.addEventListener('keydown', onKey);
    void player.requestFullscreen?.().catch(() => undefined);
    void player.play().catch(() => undefined);
    return () => {
      player.removeEventListener('loadedmetadata', onLoaded);
      player.removeEventListener('timeupdate', onTime);
      document.removeEventListener('fullscreenchange', onFullscreen);
      document.removeEventListener('keydown', onKey);
    };
  }, [video, onDone]);

  return (
    // biome-ignore lint/a11y/useMediaCaption: help videos come from the server without caption tracks.
    <video ref={element} src={video.contentPath} controls className="video-help__player" />
  );
}

/** Operation guide: the video list loads when the dialog opens. */
export function VideoHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<HelpVideo | null>(null);
  const stop = useCallback(() => setPlaying(null), []);
  const videos = useQuery({ queryKey: ['help-videos'], queryFn: fetchHelpVideos, enabled: open });

  return (
    <Modal open={open} title={t('guide.title')} onCancel={onClose} footer={null} width={800} destroyOnHidden>
      {videos.isLoading && <Spin />}
      {videos.isError && <Alert type="error" showIcon title={t('guide.loadFailed')} />}
      {videos.isSuccess && videos.data.length === 0 && <Empty description={t('guide.empty')} />}
      {videos.isSuccess && videos.data.length > 0 && (
        <Row gutter={[12, 12]}>
          {videos.data.map((video) => (
            <Col xs={24} sm={12} md={8} key={video.id}>
              <Card
                hoverable
                size="small"
                cover={video.frontPath ? <img alt="" src={video.frontPath} /> : undefined}
                onClick={() => setPlaying(video)}
                actions={[<PlayCircleOutlined key="play" aria-label={t('guide.play')} />]}
              >
                <Card.Meta title={video.title} description={video.columnNo} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {playing && <FullScreenPlayer video={playing} onDone={stop} />}
    </Modal>
  );
}
