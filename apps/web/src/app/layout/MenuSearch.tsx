import type { MenuNode } from '@yuan/contract';
import { Empty, Input, type InputRef, Modal } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../shared/hooks/useLanguage.ts';
import { menuLabel, menuTarget, searchMenu } from '../../shared/menu/rules.ts';
import { useSession } from '../../stores/session.ts';
import { MenuIcon } from './menuIcons.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** Menu search overlay (菜单搜索): starts-with, case-insensitive; arrows pick, Enter opens, Esc closes. */
export function MenuSearch({ open, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const menu = useSession((state) => state.menu);
  const [text, setText] = useState('');
  const [cursor, setCursor] = useState(0);
  const input = useRef<InputRef>(null);
  const results = useMemo(() => searchMenu(menu, text, language), [menu, text, language]);

  useEffect(() => {
    if (open) {
      setText('');
      setCursor(0);
    }
  }, [open]);

  const choose = (node: MenuNode) => {
    onClose();
    navigate(menuTarget(node, language));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setCursor((value) => Math.min(results.length - 1, value + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setCursor((value) => Math.max(0, value - 1));
    } else if (event.key === 'Enter' && results[cursor]) {
      event.preventDefault();
      choose(results[cursor]);
    }
  };

  return (
    <Modal
      open={open}
      title={t('search.title')}
      onCancel={onClose}
      footer={null}
      keyboard
      destroyOnHidden
      afterOpenChange={(visible) => visible && input.current?.focus()}
      className="menu-search"
    >
      <Input
        ref={input}
        autoFocus
        allowClear
        value={text}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        role="combobox"
        aria-expanded={results.length > 0}
        aria-controls="menu-search-results"
        aria-activedescendant={results[cursor] ? `menu-search-${cursor}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setCursor(0);
        }}
        onKeyDown={onKeyDown}
      />
      {text.trim() !== '' &&
        (results.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.empty')} />
        ) : (
          <div
            className="menu-search__results"
            role="listbox"
            id="menu-search-results"
            aria-label={t('search.title')}
          >
            {results.map((node, index) => (
              <div
                key={node.id}
                id={`menu-search-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === cursor}
                className={index === cursor ? 'is-active' : ''}
                onClick={() => choose(node)}
                onMouseEnter={() => setCursor(index)}
              >
                <MenuIcon name={node.source} />
                <span className="menu-search__name">{menuLabel(node, language)}</span>
                <span className="menu-search__path">{node.path}</span>
              </div>
            ))}
          </div>
        ))}
    </Modal>
  );
}
