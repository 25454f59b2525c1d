import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openMenu } from './browser.ts';
import { crudLocators } from './crud.ts';

export const FLOW_SERVICE_PATH = '/flow/service/index';
/** The screen, CodeMirror and Blockly come in lazy chunks; on a busy machine the first load takes a while. */
export const LAZY = { timeout: 45_000 };
/** A run is answered after the script's own time (up to its 1 s limit) plus the sandbox's start. */
export const RUN = { timeout: 30_000 };

/** A row of the service tree as the server answers it. */
export interface ServiceRow {
  id: string;
  name: string;
  path?: string | null;
  code?: string | null;
}

/** Names no other test (nor an earlier run against the same server) has used. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** Locators and steps of the flow services screen, for the page a test is using. */
export function flowServiceScreen(page: () => Page) {
  const { pane } = crudLocators(page);
  const screen = () => pane(FLOW_SERVICE_PATH);
  const editor = () => screen().getByTestId('flow-editor');
  const nodeDialog = () => page().locator('[data-testid="flow-node-dialog"] .ant-modal');
  const runDialog = () => page().locator('[data-testid="flow-run-dialog"] .ant-modal');

  return {
    screen,
    editor,
    nodeDialog,
    runDialog,
    treeNode: (name: string) => screen().locator(`[data-testid="flow-node"][data-name="${name}"]`),
    serviceAt: (path: string) => screen().locator(`[data-testid="flow-node"][data-path="${path}"]`),

    async openScreen() {
      await openMenu(page(), '流程管理', '流程服务', FLOW_SERVICE_PATH);
      await screen().getByTestId('flow-tree').waitFor(LAZY);
    },

    /**
     * Picks an action from a node's context menu. A right-click that lands while the tree is still re-rendering can
     * be lost on a loaded machine, so it is tried again until the entry shows.
     */
    async nodeAction(node: Locator, action: string) {
      const entry = page()
        .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
        .getByTestId(`flow-action-${action}`);
      for (let attempt = 1; ; attempt++) {
        await node.click({ button: 'right' });
        try {
          await entry.waitFor({ timeout: 3_000 });
          break;
        } catch (error) {
          if (attempt >= 3) {
            throw error;
          }
        }
      }
      await entry.click();
    },

    /** Fills the new module / new service / rename dialog and waits until it has closed. */
    async submitNodeDialog(values: { name: string; path?: string }) {
      const dialog = nodeDialog();
      await dialog.waitFor();
      await dialog.getByLabel('名称').fill(values.name);
      if (values.path !== undefined) {
        await dialog.getByLabel('路径').fill(values.path);
      }
      await dialog.getByRole('button', { name: '提交' }).click();
      await dialog.waitFor({ state: 'hidden' });
    },

    /** Replaces the editor's code with `code`, as typed (CodeMirror's own text area, not a form input). */
    async setCode(code: string) {
      const content = editor().locator('.cm-content');
      await content.waitFor(LAZY);
      await content.click();
      await page().keyboard.press('ControlOrMeta+a');
      await page().keyboard.insertText(code);
      await expect.poll(() => content.textContent()).toBe(code);
    },

    /** Runs the editor's code from the run dialog with `params` and waits for the outcome. */
    async runWith(params: string): Promise<Locator> {
      await editor().getByTestId('flow-editor-run').click();
      const dialog = runDialog();
      await dialog.waitFor();
      await dialog.getByTestId('flow-run-params').fill(params);
      await dialog.getByTestId('flow-run-start').click();
      const result = dialog.getByTestId('flow-run-result');
      await result.waitFor(RUN);
      return result;
    },

    async closeRunDialog() {
      await runDialog().getByTestId('flow-run-close').click();
      await runDialog().waitFor({ state: 'hidden' });
    },
  };
}

/** The middle of a box, moved by (dx, dy). */
async function pointOf(locator: Locator, dx = 0, dy = 0): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) {
    throw new Error('the element has no box');
  }
  return { x: box.x + dx, y: box.y + dy };
}

/**
 * Steps of the Blockly workspace (Blockly gives each block's SVG group its type as a class). Blocks are dragged
 * with the mouse as a person would: pressed near their top-left corner, moved in steps, released.
 */
export function blocklySteps(page: () => Page, workspace: () => Locator) {
  // The toolbox's flyout (the trash can has one of its own).
  const flyout = () => workspace().locator('.blocklyFlyout:not(.blocklyTrashcanFlyout)');
  const flyoutBlock = (type: string) => flyout().locator(`g.${type}`).first();

  const drag = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const mouse = page().mouse;
    await mouse.move(from.x, from.y);
    await mouse.down();
    await mouse.move(from.x + 10, from.y + 10, { steps: 4 });
    await mouse.move(to.x, to.y, { steps: 12 });
    await mouse.up();
  };

  return {
    /** A block on the workspace (not in the toolbox's flyout). */
    placed: (selector: string) =>
      workspace().locator(`svg.blocklySvg > g.blocklyWorkspace > g.blocklyBlockCanvas ${selector}`),

    async openCategory(name: string) {
      // The category's row takes the click, not its label.
      const label = page().locator('.blocklyToolboxCategoryLabel').getByText(name, { exact: true });
      await workspace().locator('.blocklyToolboxCategory').filter({ has: label }).click();
      await flyout().waitFor();
    },

    /** Drags a block of `type` from the open flyout so that its top-left corner lands `at` (page coordinates). */
    async dragOut(type: string, at: { x: number; y: number }) {
      const grip = { dx: 12, dy: 8 };
      const block = flyoutBlock(type);
      await block.waitFor();
      await drag(await pointOf(block, grip.dx, grip.dy), { x: at.x + grip.dx, y: at.y + grip.dy });
    },

    /** Where a block stands on the page: its box's top-left and top-right corners. */
    async corners(locator: Locator) {
      const box = await locator.boundingBox();
      if (!box) {
        throw new Error('the block has no box');
      }
      return { left: { x: box.x, y: box.y }, right: { x: box.x + box.width, y: box.y } };
    },

    /** Types into a block's editable field (a number or a text): click, type, Enter. */
    async typeInto(field: Locator, value: string) {
      await field.click();
      const input = page().locator('.blocklyWidgetDiv input.blocklyHtmlInput');
      await input.waitFor();
      await input.fill(value);
      await input.press('Enter');
      await input.waitFor({ state: 'hidden' });
    },

    /** Chooses an entry of a block's drop-down field. */
    async choose(field: Locator, entry: string) {
      await field.click();
      const menu = page().locator('.blocklyDropDownDiv .blocklyMenuItem').getByText(entry, { exact: true });
      await menu.click();
    },
  };
}
