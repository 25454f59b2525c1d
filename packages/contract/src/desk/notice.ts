import { defineResource } from '../resource.ts';

/** Notices (SPEC §3): sourceFrom is a key of the SourceFrom dictionary; content is rich text, sanitized on save. */
export const noticeResource = defineResource({
  name: 'notice',
  basePath: '/api/yuan-desk/notice',
  table: 'yuan_notice',
  perm: 'notice',
  tenantScoped: true,
  title: ['通知公告', 'Notice'],
  fields: {
    title: {
      column: 'title',
      kind: 'string',
      label: ['通知标题', 'Title'],
      required: ['请输入通知标题', 'Please enter the title'],
      search: 'like',
    },
    subtitle: { column: 'subtitle', kind: 'string', label: ['副标题', 'Subtitle'] },
    tag: { column: 'tag', kind: 'string', label: ['标签', 'Tag'], max: 64 },
    status: { column: 'status', kind: 'int', label: ['状态', 'Status'], min: 0, max: 1, search: 'eq' },
    img: { column: 'img', kind: 'string', label: ['图片', 'Image'], max: 1000, list: false },
    sourceFrom: {
      column: 'source_from',
      kind: 'string',
      label: ['来源', 'Source'],
      required: ['请选择来源', 'Please choose the source'],
      max: 32,
      search: 'eq',
    },
    content: { column: 'content', kind: 'text', label: ['通知内容', 'Content'], max: 200_000, list: false },
  },
});
