import type { Locator, Page } from 'playwright-core';

/** Locators of the generic CRUD screens, for the page a test is using. */
export function crudLocators(page: () => Page) {
  return {
    /** The kept-alive pane of a tab. */
    pane: (path: string): Locator => page().locator(`[data-pane="${path}"]`),
    /** The add/edit/view dialog of a resource. */
    dialog: (name: string): Locator => page().locator(`[data-testid="crud-dialog-${name}"] .ant-modal`),
    toast: (text: string): Locator => page().locator('.ant-message').getByText(text, { exact: true }),
    row: (screen: Locator, text: string): Locator =>
      screen.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }),
    /**
     * Clicks a row's button wherever the row shows it: a row shows its first two buttons and the others under its
     * 更多, whose menu items carry the hidden buttons' test ids and texts.
     */
    async rowAction(row: Locator, button: { testId: string } | { name: string }): Promise<void> {
      const inline =
        'testId' in button
          ? row.getByTestId(button.testId)
          : row.getByRole('button', { name: button.name, includeHidden: true });
      await inline.waitFor({ state: 'attached' });
      if (await inline.isVisible()) {
        await inline.click();
        return;
      }
      await row.getByTestId('crud-row-more').click();
      // The menu just opened: a closing one may still be fading out.
      const menu = page().locator('.ant-dropdown:not(.ant-dropdown-hidden)').last();
      const item =
        'testId' in button
          ? menu.getByTestId(button.testId)
          : menu.getByRole('menuitem', { name: button.name });
      await item.click();
    },
    /** Opens a screen's add dialog, submits it empty and waits for each required-field message; answers the form. */
    async submitEmpty(screen: Locator, name: string, messages: string[]): Promise<Locator> {
      await screen.getByTestId('crud-add').click();
      const form = page().locator(`[data-testid="crud-dialog-${name}"] .ant-modal`);
      await form.waitFor();
      await form.getByRole('button', { name: '提交' }).click();
      for (const text of messages) {
        await form.locator('.ant-form-item-explain-error').getByText(text, { exact: true }).waitFor();
      }
      return form;
    },
  };
}
