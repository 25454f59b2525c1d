import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { type ClipboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { isEmptyRichText, sanitizeRichText } from '../sanitize.ts';
import { useTexts } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';

const BOX = { border: '1px solid #d9d9d9', borderRadius: 6, padding: '6px 11px', minHeight: 120 } as const;

/** execCommand is deprecated but still the only editing API every browser ships for contentEditable. */
function run(command: string, argument?: string): void {
  if (typeof document.execCommand === 'function') {
    document.execCommand(command, false, argument);
  }
}

/**
 * Rich text ("ueditor"): a contentEditable box with bold, italic, underline, link and lists. Whatever is typed or
 * pasted is sanitized with DOMPurify before it becomes the value, and a value is sanitized before it is shown.
 */
export function UeditorWidget({ label, id, value, onChange, onBlur, disabled, readOnly }: WidgetProps) {
  const t = useTexts();
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  const saved = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [address, setAddress] = useState('');
  const html = typeof value === 'string' ? value : '';
  const editable = !disabled && !readOnly;

  useEffect(() => {
    if (box.current && html !== shown.current) {
      const clean = sanitizeRichText(html);
      box.current.innerHTML = clean;
      shown.current = clean;
    }
  }, [html]);

  const emit = () => {
    if (!box.current) {
      return;
    }
    const clean = sanitizeRichText(box.current.innerHTML);
    // Only when something was dropped: rewriting the box moves the caret.
    if (clean !== box.current.innerHTML) {
      box.current.innerHTML = clean;
    }
    shown.current = clean;
    onChange?.(clean);
  };

  const apply = (command: string, argument?: string) => {
    box.current?.focus();
    run(command, argument);
    emit();
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text/html') || event.clipboardData.getData('text/plain');
    run('insertHTML', sanitizeRichText(pasted));
    emit();
  };

  const openLink = () => {
    const selection = window.getSelection();
    saved.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    setLinking(true);
  };

  const makeLink = () => {
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    if (address.trim()) {
      apply('createLink', address.trim());
    }
    setLinking(false);
    setAddress('');
  };

  const tool = (key: string, title: string, icon: ReactNode, onClick: () => void) => (
    <Button
      key={key}
      size="small"
      type="text"
      icon={icon}
      aria-label={title}
      title={title}
      disabled={!editable}
      // Keeps the selection in the text while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    />
  );

  return (
    <div>
      <Space size={2} wrap style={{ marginBottom: 4 }}>
        {tool('b', t('schemaForm.bold'), <BoldOutlined />, () => apply('bold'))}
        {tool('i', t('schemaForm.italic'), <ItalicOutlined />, () => apply('italic'))}
        {tool('u', t('schemaForm.underline'), <UnderlineOutlined />, () => apply('underline'))}
        {tool('a', t('schemaForm.link'), <LinkOutlined />, openLink)}
        {tool('ul', t('schemaForm.bulletList'), <UnorderedListOutlined />, () =>
          apply('insertUnorderedList'),
        )}
        {tool('ol', t('schemaForm.numberList'), <OrderedListOutlined />, () => apply('insertOrderedList'))}
        {linking ? (
          <Input
            size="small"
            autoFocus
            aria-label={t('schemaForm.linkAddress')}
            placeholder={t('schemaForm.linkAddress')}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              makeLink();
            }}
            onBlur={() => setLinking(false)}
            style={{ width: 220 }}
          />
        ) : null}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: rich text needs contentEditable; a textarea holds plain text only. */}
      <div
        id={id}
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        contentEditable={editable}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={onBlur}
        onPaste={onPaste}
        style={{ ...BOX, background: editable ? undefined : '#f5f5f5' }}
      />
    </div>
  );
}

export const ueditorWidget: WidgetDef = { Widget: UeditorWidget, isEmpty: isEmptyRichText };
