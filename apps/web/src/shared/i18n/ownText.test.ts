import { describe, expect, it } from 'vitest';
import { entityResourceOf } from '../../features/lowcode/entityData/entityCrud.ts';
import { menuLabel } from '../menu/rules.ts';
import { addTexts, initI18n, ownText } from './index.ts';

describe("a tenant's own texts for stored names", () => {
  it('relabels a menu by its code, and keeps the menu name without one', async () => {
    const i18n = initI18n();
    await i18n.changeLanguage('zh');
    const wallet = { name: '钱包', code: 'wallet', i18n: { zh: '钱包', en: 'Wallet' } };
    expect(menuLabel(wallet, 'zh')).toBe('钱包');
    addTexts({ 'menuName.wallet': '我的钱包' }, { 'menuName.wallet': 'My purse' });
    expect(menuLabel(wallet, 'zh')).toBe('我的钱包');
    await i18n.changeLanguage('en');
    expect(menuLabel(wallet, 'en')).toBe('My purse');
    expect(menuLabel({ ...wallet, code: 'other' }, 'en')).toBe('Wallet');
    await i18n.changeLanguage('zh');
  });

  it('relabels an entity and its fields, leaving untranslated fields as typed', () => {
    addTexts({ 'entityLabel.42': '客户', 'entityLabel.42.name': '客户名称' }, {});
    const resource = entityResourceOf('42', {
      entId: '42',
      title: 'customer',
      treeField: '',
      fields: {
        name: { column: 'name', kind: 'string', label: 'name' },
        city: { column: 'city', kind: 'string', label: 'city' },
      },
    });
    expect(resource.title).toBe('客户');
    expect(resource.fields.name?.label).toBe('客户名称');
    expect(resource.fields.city?.label).toBe('city');
    expect(ownText('entityLabel.43')).toBeUndefined();
  });
});
