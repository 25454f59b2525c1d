import { readFileSync } from 'node:fs';

/** One row of menus.tsv: the seeded menu tree. */
export interface MenuSeed {
  parent: string | null;
  path: string;
  code: string;
  zh: string;
  en: string;
  icon: string;
  sort: number;
  hidden: boolean;
  extraButtons: string[];
}

/** Screens that are not create/read/update/delete tables get no add/edit/delete/view buttons. */
const NOT_CRUD = new Set([
  'wel',
  'dashboard',
  'scheduled',
  'wallet0',
  'balance',
  'payToOther',
  'pay4Exchange',
  'blockstatistics',
  'useSdk',
  'entityTree',
  'pageDesign',
  'gridDesign',
  'mindmapTest',
  'erd',
  'sqlEdit',
  'userinfo',
  'userpwd',
  'test',
  'flowWork',
]);

export const BUTTON_NAMES: Record<string, [string, string]> = {
  add: ['新增', 'Add'],
  redeliver: ['重新投递', 'Redeliver'],
  edit: ['修改', 'Edit'],
  delete: ['删除', 'Delete'],
  view: ['查看', 'View'],
  sync: ['同步', 'Sync'],
  import: ['导入', 'Import'],
  export: ['导出', 'Export'],
  copy: ['复制', 'Copy'],
  default: ['设为默认', 'Set default'],
  exec: ['执行', 'Execute'],
  test: ['测试', 'Test'],
  run: ['运行', 'Run'],
  enable: ['启用', 'Enable'],
  disable: ['停用', 'Disable'],
  deploy: ['部署', 'Deploy'],
  state: ['变更状态', 'Change state'],
  upload: ['上传', 'Upload'],
  download: ['下载', 'Download'],
  role: ['角色配置', 'Assign roles'],
  reset: ['密码重置', 'Reset password'],
  unlock: ['账号解封', 'Unlock'],
  platform: ['平台配置', 'Platform settings'],
  grant: ['权限设置', 'Grant'],
  setting: ['授权配置', 'Licence settings'],
  datasource: ['数据源配置', 'Datasource'],
  package: ['产品包配置', 'Package'],
  send: ['发送', 'Send'],
  gen: ['代码生成', 'Generate code'],
};

export function readMenuSeed(file = new URL('./menus.tsv', import.meta.url).pathname): MenuSeed[] {
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .slice(1);
  return rows.map((line) => {
    const [parent, path, code, zh, en, icon, sort, hidden, extra] = line.split('\t');
    if (!path || !code || !zh || !en) {
      throw new Error(`menus.tsv: bad row "${line}"`);
    }
    return {
      parent: parent === '-' || !parent ? null : parent,
      path,
      code,
      zh,
      en,
      icon: icon ?? '',
      sort: Number(sort ?? 0),
      hidden: hidden === 'yes',
      extraButtons: !extra || extra.trim() === '-' ? [] : extra.trim().split(','),
    };
  });
}

/** The button codes of a menu: the CRUD four (on CRUD screens) and the listed extras. */
export function buttonsOf(menu: MenuSeed, isParent: boolean): string[] {
  if (isParent) {
    return [];
  }
  const crud = NOT_CRUD.has(menu.code) ? [] : ['add', 'edit', 'delete', 'view'];
  return [...crud, ...menu.extraButtons.filter((b) => !crud.includes(b))];
}
