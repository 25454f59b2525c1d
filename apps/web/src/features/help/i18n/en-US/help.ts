import type { help as zh } from '../zh-CN/help.ts';

/** Texts of the operation guide: the help dialog's player and the help-video management screen (en). */
export const help: Record<keyof typeof zh, string> = {
  'guide.manage': 'Manage videos',
  'guide.allColumns': 'All',
  'guide.closePlayer': 'Close video',
  'guide.inline': 'The browser did not allow full screen: the video plays here',
  'helpVideo.coverTip': 'Cover image: JPG, PNG, GIF or WebP',
  'helpVideo.videoTip': 'Video or audio: MP4, WebM, MP3 or WAV, at most 10 MB',
  'helpVideo.open': 'Open',
  'helpVideo.noCover': 'No cover',
};
