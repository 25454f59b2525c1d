import type { HelpVideoItem, VideoColumn } from '@yuan/contract/help';
import { isSafeUrl } from '@yuan/contract/safe-url';
import { call } from './http.ts';

/** A help video of SPEC §3: id, title, cover (frontPath), video (contentPath), column (M01, P01, P03). */
export type HelpVideo = HelpVideoItem;

/** The route of the help-video management screen (menu helpVideo, /help/video after the /index rule). */
export const HELP_VIDEO_PATH = '/help/video/index';

/** The help dialog's list; the management screen drops it after a change. */
export const HELP_VIDEOS_KEY = ['help-videos'] as const;

/** Whether an address may go into an <img> or <video>: http(s) or a path of this origin, never another scheme. */
export function isMediaPath(path: unknown): path is string {
  return typeof path === 'string' && isSafeUrl(path);
}

/** POST showHallConfig/listHelp: the tenant's videos (`data.config`), or one column's. */
export async function fetchHelpVideos(columnNo?: VideoColumn): Promise<HelpVideo[]> {
  const data = await call<{ config?: HelpVideo[] } | null>('/api/yuan-api/showHallConfig/listHelp', {
    method: 'POST',
    body: columnNo ? { columnNo } : {},
    guard: false,
  });
  return (data?.config ?? []).filter((video) => isMediaPath(video.contentPath));
}
