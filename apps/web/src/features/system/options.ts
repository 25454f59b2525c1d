import type { StaticOption } from '../../shared/crud/types.ts';

/** Fixed choices of the system screens (values as the server stores them). */
export const YES_NO: readonly StaticOption[] = [
  { value: 0, label: ['否', 'No'] },
  { value: 1, label: ['是', 'Yes'] },
];

export const DEPT_CATEGORY: readonly StaticOption[] = [
  { value: 1, label: ['公司', 'Company'] },
  { value: 2, label: ['部门', 'Department'] },
  { value: 3, label: ['小组', 'Team'] },
];

export const POST_CATEGORY: readonly StaticOption[] = [
  { value: 1, label: ['高层', 'Senior'] },
  { value: 2, label: ['中层', 'Middle'] },
  { value: 3, label: ['基层', 'Junior'] },
  { value: 4, label: ['其他', 'Other'] },
];

export const MENU_CATEGORY: readonly StaticOption[] = [
  { value: 1, label: ['菜单', 'Menu'] },
  { value: 2, label: ['按钮', 'Button'] },
];

export const MENU_ACTION: readonly StaticOption[] = [
  { value: 0, label: ['工具栏', 'Toolbar'] },
  { value: 1, label: ['操作栏', 'Row actions'] },
  { value: 2, label: ['工具操作栏', 'Toolbar and row actions'] },
];

export const MENU_OPEN: readonly StaticOption[] = [
  { value: 1, label: ['否', 'No'] },
  { value: 2, label: ['是', 'Yes'] },
];

export const DATA_SCOPE_TYPE: readonly StaticOption[] = [
  { value: 1, label: ['全部可见', 'All'] },
  { value: 2, label: ['本人可见', 'Own'] },
  { value: 3, label: ['所在机构可见', 'Own department'] },
  { value: 4, label: ['所在机构及子级可见', 'Department and children'] },
  { value: 5, label: ['自定义', 'Custom'] },
];

export const API_SCOPE_TYPE: readonly StaticOption[] = [
  { value: 1, label: ['系统接口', 'System API'] },
  { value: 2, label: ['业务接口', 'Business API'] },
];

export const SEX: readonly StaticOption[] = [
  { value: 1, label: ['男', 'Male'] },
  { value: 2, label: ['女', 'Female'] },
  { value: -1, label: ['未知', 'Unknown'] },
];

export const USER_TYPE: readonly StaticOption[] = [
  { value: 1, label: ['WEB', 'WEB'] },
  { value: 2, label: ['APP', 'APP'] },
  { value: 3, label: ['其他', 'Other'] },
];

export const REGION_LEVEL: readonly StaticOption[] = [
  { value: 1, label: ['省份', 'Province'] },
  { value: 2, label: ['地市', 'City'] },
  { value: 3, label: ['区县', 'District'] },
  { value: 4, label: ['乡镇', 'Town'] },
  { value: 5, label: ['村委', 'Village'] },
];
