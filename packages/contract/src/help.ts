import { z } from 'zod';
import { VIDEO_COLUMNS } from './constants.ts';
import { encodeMessage, registerMessage } from './form-messages.ts';
import { defineResource } from './resource.ts';
import { SAFE_URL_PATTERN } from './safe-url.ts';

export type VideoColumn = (typeof VIDEO_COLUMNS)[number];
/** The column a video is shown under when none is chosen (SPEC §9). */
export const DEFAULT_VIDEO_COLUMN: VideoColumn = 'M01';

/** Any one of the column codes, as a pattern the form rules and the server both read. */
export const VIDEO_COLUMN_PATTERN = `^(${VIDEO_COLUMNS.join('|')})$`;

/** Operation-guide videos of a tenant (SPEC §3 help video item), managed at /help/video, shown by the help dialog. */
export const helpVideoResource = defineResource({
  name: 'helpVideo',
  basePath: '/api/yuan-api/showHallConfig',
  table: 'yuan_help_video',
  perm: 'helpVideo',
  tenantScoped: true,
  orderBy: ['columnNo', 'sort'],
  title: ['操作视频', 'Help video'],
  fields: {
    title: {
      column: 'title',
      kind: 'string',
      label: ['标题', 'Title'],
      required: ['请输入视频标题', 'Please enter the video title'],
      max: 128,
      search: 'like',
    },
    columnNo: {
      column: 'column_no',
      kind: 'string',
      label: ['栏目', 'Column'],
      max: 8,
      pattern: VIDEO_COLUMN_PATTERN,
      search: 'eq',
    },
    frontPath: {
      column: 'front_path',
      kind: 'string',
      label: ['封面', 'Cover'],
      max: 1000,
      pattern: SAFE_URL_PATTERN,
    },
    contentPath: {
      column: 'content_path',
      kind: 'string',
      label: ['视频', 'Video'],
      required: ['请上传视频', 'Please upload the video'],
      max: 1000,
      pattern: SAFE_URL_PATTERN,
    },
    sort: { column: 'sort', kind: 'int', label: ['排序', 'Sort'], min: 0, max: 9999 },
  },
});

const columnMessage = registerMessage('helpVideo.columnNo.unknown', [
  `栏目只能是 ${VIDEO_COLUMNS.join('、')}`,
  `The column must be one of ${VIDEO_COLUMNS.join(', ')}`,
]);

/** POST showHallConfig/listHelp: every video of the caller's tenant, or those of one column. */
export const listHelpBody = z
  .strictObject({
    // '' or null: every column, as when the key is absent.
    columnNo: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(VIDEO_COLUMNS, { error: encodeMessage(columnMessage) }).optional(),
    ),
  })
  .nullish();
export type ListHelpBody = z.output<typeof listHelpBody>;

/** One video as the help dialog reads it (`data.config`). */
export interface HelpVideoItem {
  id: string;
  title: string;
  frontPath: string;
  contentPath: string;
  columnNo: VideoColumn;
}
