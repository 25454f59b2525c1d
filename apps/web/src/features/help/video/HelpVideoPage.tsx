import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_VIDEO_COLUMN, helpVideoResource } from '@yuan/contract/help';
import { Image, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_VIDEOS_KEY, isMediaPath } from '../../../shared/api/help.ts';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { COLUMN_OPTIONS, helpVideoForm } from './helpVideoForm.ts';

/** The last part of an address, decoded: what a person recognises a file by. */
function fileName(path: string): string {
  const last = path.split('?')[0]?.split('/').pop() ?? path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * /help/video/index: the tenant's operation-guide videos (menu helpVideo, hidden; reached from the help dialog).
 * Cover and video are uploaded to the tenant's storage; the table previews the cover and filters by column.
 */
export function HelpVideoPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const config = useMemo<CrudConfig>(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: HELP_VIDEOS_KEY });
    return {
      resource: helpVideoResource,
      dialogWidth: 760,
      dateRange: false,
      defaults: { columnNo: DEFAULT_VIDEO_COLUMN, sort: 0 },
      formJson: helpVideoForm(lang, { cover: t('helpVideo.coverTip'), video: t('helpVideo.videoTip') }),
      onSaved: refresh,
      onRemoved: refresh,
      fields: {
        title: { width: 260 },
        columnNo: { options: COLUMN_OPTIONS, width: 100 },
        sort: { width: 80 },
        frontPath: {
          width: 120,
          render: (value) =>
            isMediaPath(value) ? (
              <Image src={value} width={72} height={40} style={{ objectFit: 'cover' }} alt="" />
            ) : (
              <Typography.Text type="secondary">{t('helpVideo.noCover')}</Typography.Text>
            ),
        },
        contentPath: {
          render: (value) =>
            isMediaPath(value) ? (
              <Typography.Link href={value} target="_blank" rel="noreferrer" title={value}>
                {fileName(value)}
              </Typography.Link>
            ) : null,
        },
      },
    };
  }, [lang, t, queryClient]);
  return <CrudPage config={config} />;
}
