import type { Locator, Page } from 'playwright-core';
import { crudLocators } from './crud.ts';

export interface FieldInput {
  code: string;
  name: string;
  /** The data type's code (string, int, decimal, …). */
  type?: string;
  required?: boolean;
}

/** Steps of the low-code screens (entities and their designs), for the page a test is using. */
export function lowcodeSteps(page: () => Page) {
  const { pane, toast } = crudLocators(page);

  /** Picks an option of an antd select by its text. */
  const choose = async (select: Locator, option: string) => {
    await select.click();
    await page()
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
      )
      .click();
  };

  /** Picks a field's data type by its code: the select shows the type's name in the user's language. */
  const chooseType = async (line: Locator, code: string) => {
    await line.locator('.ant-select', { has: page().getByLabel('数据类型') }).click();
    await page()
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[data-type="${code}"]`,
      )
      .click();
  };

  return {
    choose,

    /** Fills the entity editor, opened from the entities screen, with a code, a name and fields, and submits it. */
    async defineEntity(entity: { code: string; name: string; fields: FieldInput[]; treeField?: string }) {
      await pane('/entity/index').getByTestId('entity-add').click();
      const editor = page().locator('.entity-editor .ant-modal');
      await editor.waitFor();
      await editor.getByLabel('实体编号').fill(entity.code);
      await editor.getByLabel('实体名称').fill(entity.name);
      for (const [index, field] of entity.fields.entries()) {
        if (index > 0) {
          await editor.getByTestId('entity-field-add').click();
        }
        const line = editor.getByTestId(`entity-field-${index}`);
        await line.getByLabel('字段编号').fill(field.code);
        await line.getByLabel('字段名称').fill(field.name);
        if (field.required) {
          await line.getByLabel('必填').check();
        }
        if (field.type) {
          await chooseType(line, field.type);
        }
      }
      if (entity.treeField) {
        await choose(editor.locator('.ant-select', { has: page().getByLabel('层级字段') }), entity.treeField);
      }
      await editor.getByRole('button', { name: '提交' }).click();
    },

    /** Answers the offer to sync a saved entity: sync it now (and wait until it is), or later. */
    async answerSyncOffer(now: boolean) {
      await page()
        .locator('.ant-modal-confirm', { hasText: '是否现在同步到数据库' })
        .getByRole('button', { name: now ? '现在同步' : '稍后' })
        .click();
      if (now) {
        await page().locator('.entity-sync .ant-modal').getByRole('button', { name: '执行同步' }).click();
        await toast('同步成功').waitFor();
      }
    },
  };
}
