import { useDraggable } from '@dnd-kit/core';
import { FIELD_TYPE_NAMES, type FieldType } from '@yuan/contract/lowcode/form-fields';
import { Button, Typography } from 'antd';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import type { TextKey } from '../../../shared/i18n/index.ts';

/** The palette's sections, so a long list of 32 types reads by kind. */
const SECTIONS: { title: TextKey; types: FieldType[] }[] = [
  { title: 'pageDesign.palette.layout', types: ['group', 'dynamic'] },
  {
    title: 'pageDesign.palette.input',
    types: ['input', 'password', 'textarea', 'number', 'url', 'array', 'img'],
  },
  {
    title: 'pageDesign.palette.choice',
    types: [
      'radio',
      'checkbox',
      'select',
      'cascader',
      'tree',
      'entity',
      'upload',
      'switch',
      'rate',
      'slider',
      'color',
    ],
  },
  {
    title: 'pageDesign.palette.date',
    types: ['year', 'month', 'week', 'date', 'time', 'datetime', 'daterange', 'timerange', 'datetimerange'],
  },
  { title: 'pageDesign.palette.other', types: ['ueditor', 'map', 'script'] },
];

/** The drag id of a palette type; canvas fields use their prop. */
export const PALETTE_PREFIX = 'palette:';

function PaletteItem({ type, onAdd }: { type: FieldType; onAdd: (type: FieldType) => void }) {
  const lang = useLanguage();
  const { attributes, listeners, setNodeRef } = useDraggable({ id: `${PALETTE_PREFIX}${type}` });
  return (
    <Button
      ref={setNodeRef}
      size="small"
      className="page-design-palette-item"
      data-testid={`palette-${type}`}
      {...attributes}
      // The pointer drags; Enter and Space stay a click, which appends (keyboard users, those who do not drag).
      onPointerDown={(event) =>
        (listeners?.onPointerDown as ((e: PointerEvent) => void) | undefined)?.(event)
      }
      onClick={() => onAdd(type)}
    >
      {FIELD_TYPE_NAMES[type][lang === 'en' ? 1 : 0]}
    </Button>
  );
}

export function Palette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-design-palette">
      {SECTIONS.map((section) => (
        <div key={section.title}>
          <Typography.Text type="secondary">{t(section.title)}</Typography.Text>
          <div className="page-design-palette-grid">
            {section.types.map((type) => (
              <PaletteItem key={type} type={type} onAdd={onAdd} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
