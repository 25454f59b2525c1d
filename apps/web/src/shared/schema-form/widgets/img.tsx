import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Input, Space } from 'antd';
import { useState } from 'react';
import { useTexts } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { fromList, toList } from '../values.ts';

const THUMB = 80;

/**
 * Image links shown as thumbnails (click to enlarge), each removable; a link is added by typing it. One link when
 * multiple is off, else a list (joined per dataType) of at most `limit`.
 */
export function ImgWidget({ field, label, id, value, onChange, onBlur, disabled, readOnly }: WidgetProps) {
  const t = useTexts();
  const [typed, setTyped] = useState('');
  const multiple = Boolean(field.multiple);
  const links = toList(value, field).map(String).filter(Boolean);
  const locked = Boolean(disabled || readOnly);
  const emit = (next: string[]) => onChange?.(multiple ? fromList(next, field) : next[0]);
  const full = multiple && Boolean(field.limit) && links.length >= (field.limit ?? 0);
  const add = () => {
    const link = typed.trim();
    if (!link) {
      return;
    }
    emit(multiple ? [...links, link] : [link]);
    setTyped('');
  };
  return (
    <div>
      <Image.PreviewGroup>
        <Space wrap>
          {links.map((link) => (
            <span key={link} style={{ position: 'relative', display: 'inline-block' }}>
              <Image src={link} width={THUMB} height={THUMB} style={{ objectFit: 'cover' }} alt={label} />
              {locked ? null : (
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('schemaForm.delete')}
                  style={{ position: 'absolute', top: 0, right: 0 }}
                  onClick={() => emit(links.filter((l) => l !== link))}
                />
              )}
            </span>
          ))}
        </Space>
      </Image.PreviewGroup>
      {locked || full ? null : (
        <Space.Compact style={{ width: '100%', marginTop: links.length > 0 ? 8 : 0 }}>
          <Input
            id={id}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onPressEnter={(event) => {
              event.preventDefault();
              add();
            }}
            onBlur={onBlur}
            placeholder={field.placeholder ?? t('schemaForm.imgLink')}
          />
          <Button icon={<PlusOutlined />} onClick={add} aria-label={t('schemaForm.add')} />
        </Space.Compact>
      )}
    </div>
  );
}

export const imgWidget: WidgetDef = { Widget: ImgWidget };
