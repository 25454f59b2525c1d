import { menuResource } from '@yuan/contract/system/menu';
import { Space } from 'antd';
import type { ReactNode } from 'react';
import { MenuIcon } from '../../../app/layout/menuIcons.tsx';
import { CrudPage } from '../../../shared/crud/CrudPage/index.tsx';
import type { CrudConfig } from '../../../shared/crud/types.ts';
import { MENU_ACTION, MENU_CATEGORY, MENU_OPEN } from '../options.ts';

/** A menu's icon as the sidebar draws it, beside its name (the name is what the form takes). */
export function iconCell(value: unknown): ReactNode {
  if (typeof value !== 'string' || value === '') {
    return '-';
  }
  return (
    <Space size={6} data-testid="menu-icon-cell">
      <MenuIcon name={value} />
      <span>{value}</span>
    </Space>
  );
}

const config: CrudConfig = {
  resource: menuResource,
  fields: {
    parentId: { hideInTable: true },
    category: { options: MENU_CATEGORY },
    action: { options: MENU_ACTION, hideInTable: true },
    isOpen: { options: MENU_OPEN, hideInTable: true },
    remark: { hideInTable: true },
    source: { render: iconCell },
  },
};

/** /system/menu/index: menus and buttons as a tree. */
export function MenuPage() {
  return <CrudPage config={config} />;
}
