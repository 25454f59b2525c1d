import { PlayCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { VIDEO_COLUMNS } from '@yuan/contract/constants';
import { Alert, Button, Card, Col, Empty, Modal, Row, Segmented, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  fetchHelpVideos,
  HELP_VIDEO_PATH,
  HELP_VIDEOS_KEY,
  type HelpVideo,
  isMediaPath,
} from '../../shared/api/help.ts';
import '../../features/help/i18n/index.ts';
import { findMenuByPath } from '../../shared/menu/rules.ts';
import { useSession } from '../../stores/session.ts';
import { VideoHelpPlayer } from './VideoHelpPlayer.tsx';

type Column = (typeof VIDEO_COLUMNS)[number] | 'all';

function VideoCard({ video, onPlay }: { video: HelpVideo; onPlay: (video: HelpVideo) => void }) {
  const { t } = useTranslation();
  return (
    <Card
      hoverable
      size="small"
      data-testid="video-help-item"
      cover={
        isMediaPath(video.frontPath) ? (
          <img alt="" src={video.frontPath} style={{ height: 120, objectFit: 'cover' }} />
        ) : undefined
      }
      onClick={() => onPlay(video)}
      actions={[<PlayCircleOutlined key="play" aria-label={t('guide.play')} />]}
    >
      <Card.Meta title={video.title} description={video.columnNo} />
    </Card>
  );
}

/**
 * Operation guide: the list loads when the dialog opens, grouped by column (M01, P01, P03); a video plays full
 * screen. Whoever has the help-video screen in their menus gets a link to it.
 */
export function VideoHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [playing, setPlaying] = useState<HelpVideo | null>(null);
  const [column, setColumn] = useState<Column>('all');
  const stop = useCallback(() => setPlaying(null), []);
  const videos = useQuery({ queryKey: HELP_VIDEOS_KEY, queryFn: () => fetchHelpVideos(), enabled: open });
  const canManage = useSession((state) => findMenuByPath(state.menuAll, HELP_VIDEO_PATH) !== undefined);
  const all = videos.data ?? [];
  const shown = column === 'all' ? all : all.filter((video) => video.columnNo === column);
  const options = [
    { value: 'all' as Column, label: `${t('guide.allColumns')} (${all.length})` },
    ...VIDEO_COLUMNS.map((code) => ({
      value: code as Column,
      label: `${code} (${all.filter((video) => video.columnNo === code).length})`,
    })),
  ];
  const close = () => {
    setPlaying(null);
    onClose();
  };
  const manage = canManage ? (
    <Button
      type="link"
      icon={<SettingOutlined />}
      data-testid="video-help-manage"
      onClick={() => {
        close();
        navigate(HELP_VIDEO_PATH);
      }}
    >
      {t('guide.manage')}
    </Button>
  ) : null;

  return (
    <Modal
      open={open}
      title={t('guide.title')}
      onCancel={close}
      footer={manage}
      width={800}
      destroyOnHidden
      // While a video plays, Escape belongs to full screen, not to the dialog.
      keyboard={!playing}
    >
      {playing && <VideoHelpPlayer video={playing} onDone={stop} />}
      {videos.isLoading && <Spin />}
      {videos.isError && <Alert type="error" showIcon title={t('guide.loadFailed')} />}
      {videos.isSuccess && all.length === 0 && <Empty description={t('guide.empty')} />}
      {videos.isSuccess && all.length > 0 && (
        <>
          <Segmented<Column>
            options={options}
            value={column}
            onChange={setColumn}
            style={{ marginBottom: 12 }}
            data-testid="video-help-columns"
          />
          {shown.length === 0 ? (
            <Empty description={t('guide.empty')} />
          ) : (
            <Row gutter={[12, 12]}>
              {shown.map((video) => (
                <Col xs={24} sm={12} md={8} key={video.id}>
                  <VideoCard video={video} onPlay={setPlaying} />
                </Col>
              ))}
            </Row>
          )}
        </>
      )}
    </Modal>
  );
}
