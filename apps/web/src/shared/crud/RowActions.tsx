import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A row shows this many of its buttons; the others are offered under 更多, so the fixed column stays narrow. */
export const INLINE_ACTIONS = 2;

interface Overflow {
  element: HTMLElement;
  label: string;
  danger: boolean;
  disabled: boolean;
  testId: string | null;
}

function isDisabled(element: HTMLElement): boolean {
  return (
    element.matches(':disabled') ||
    element.classList.contains('ant-btn-disabled') ||
    element.getAttribute('aria-disabled') === 'true'
  );
}

function overflowOf(element: HTMLElement): Overflow {
  return {
    element,
    label: element.getAttribute('aria-label') || (element.textContent ?? '').trim(),
    danger: element.classList.contains('ant-btn-dangerous'),
    disabled: isDisabled(element),
    testId: element.getAttribute('data-testid'),
  };
}

function sameOverflow(a: readonly Overflow[], b: readonly Overflow[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (item, index) =>
        item.element === b[index].element &&
        item.label === b[index].label &&
        item.danger === b[index].danger &&
        item.disabled === b[index].disabled &&
        item.testId === b[index].testId,
    )
  );
}

/**
 * A row's action buttons: the first two inline, the rest in a 更多 menu. The buttons come from the generic CRUD
 * page and from each screen's `rowActions` (components with their own state, dialogs and permissions), so they are
 * split where they are drawn: every button stays mounted where its screen put it, those past the second are hidden,
 * and a menu item clicks its hidden button, which then does exactly what it does inline.
 */
export function RowActions({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const buttons = useRef<HTMLSpanElement>(null);
  const [overflow, setOverflow] = useState<Overflow[]>([]);

  useLayoutEffect(() => {
    const root = buttons.current;
    if (!root) {
      return;
    }
    const split = () => {
      const found = [...root.querySelectorAll<HTMLElement>('button, a')];
      const hidden = found.length > INLINE_ACTIONS ? found.slice(INLINE_ACTIONS) : [];
      for (const element of found) {
        element.toggleAttribute('hidden', hidden.includes(element));
      }
      const next = hidden.map(overflowOf);
      setOverflow((current) => (sameOverflow(current, next) ? current : next));
    };
    split();
    // A screen's button may come, go or change on its own (a permission arriving, a row's state, a loading claim).
    const observer = new MutationObserver(split);
    observer.observe(root, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['disabled', 'class', 'aria-label', 'data-testid'],
    });
    return () => observer.disconnect();
  }, []);

  const menu: MenuProps = {
    items: overflow.map((item, index) => ({
      key: String(index),
      label: item.label,
      danger: item.danger,
      disabled: item.disabled,
      ...(item.testId ? { 'data-testid': item.testId } : {}),
    })),
    onClick: ({ key }) => overflow[Number(key)]?.element.click(),
  };

  return (
    <span className="crud-row-actions">
      <span ref={buttons} className="crud-row-actions__buttons">
        {children}
      </span>
      {overflow.length > 0 ? (
        <Dropdown menu={menu} trigger={['click']} destroyOnHidden autoFocus>
          <Button
            type="link"
            size="small"
            icon={<DownOutlined aria-hidden />}
            iconPlacement="end"
            data-testid="crud-row-more"
          >
            {t('crud.more')}
          </Button>
        </Dropdown>
      ) : null}
    </span>
  );
}
