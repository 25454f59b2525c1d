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
