import { PAGE_SIZE_OPTIONS } from '@yuan/contract/constants';
import type { TablePaginationConfig } from 'antd';

export interface Paging {
  current: number;
  size: number;
}

/**
 * The pagination of a server-paged table: the page sizes, the total's text, and back to page 1 when the page
 * size changes (the old page number would point elsewhere).
 */
export function tablePagination(
  paging: Paging,
  total: number,
  onPage: (next: Paging) => void,
  t: (key: string, options?: Record<string, string>) => string,
): TablePaginationConfig {
  return {
    current: paging.current,
    pageSize: paging.size,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (count) => t('crud.total', { total: String(count) }),
    onChange: (current, size) => onPage({ current: size === paging.size ? current : 1, size }),
  };
}
