import { NOTICE_DEFAULT_TAB } from '@yuan/contract/constants';
import { noticeResource } from '@yuan/contract/desk/notice';
import { Spin } from 'antd';
import { useMemo } from 'react';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig, StaticOption } from '../../../shared/crud/types.ts';
import { useSourceFrom } from './useSourceFrom.ts';

/** 0 keeps a notice as a draft; 1 publishes it to every user of the tenant (the bell, the system notices). */
export const NOTICE_STATUS: readonly StaticOption[] = [
  { value: 0, label: ['草稿', 'Draft'] },
  { value: 1, label: ['已发布', 'Published'] },
];

/**
 * /desk/notice/index: notices. The content is HTML typed in a plain textarea (no rich-text editor is bundled); the
 * server sanitizes it on save. The source is a SourceFrom dictionary entry, the image an address.
 */
export function NoticePage() {
  const sources = useSourceFrom();
  const config = useMemo<CrudConfig>(
    () => ({
      resource: noticeResource,
      dialogWidth: 880,
      defaults: { status: 1, sourceFrom: NOTICE_DEFAULT_TAB },
      fields: {
        title: { width: 260 },
        status: { options: NOTICE_STATUS, width: 100 },
        sourceFrom: { options: sources.options, width: 140 },
        tag: { width: 120 },
        img: { fullRow: true },
        content: { fullRow: true, widget: 'textarea' },
      },
    }),
    [sources.options],
  );
  // The select and the source column need the dictionary's labels: the table waits for them.
  if (sources.loading) {
    return <Spin />;
  }
  return <CrudPage config={config} />;
}
