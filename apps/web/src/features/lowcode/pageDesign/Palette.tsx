import { CheckOutlined } from '@ant-design/icons';
import { type DraggableSyntheticListeners, useDraggable } from '@dnd-kit/core';
import { FIELD_TYPE_NAMES, type FieldType } from '@yuan/contract/lowcode/form-fields';
import { Button, Typography } from 'antd';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import type { TextKey } from '../../../shared/i18n/index.ts';
import type { EntityField } from './entityBinding.ts';

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
/** The drag id of an entity's field in the palette: this prefix and the field's code. */
export const ENTITY_FIELD_PREFIX = 'element:';

/** The pointer drags; Enter and Space stay a click, which appends (keyboard users, those who do not drag). */
function pointerOnly(listeners: DraggableSyntheticListeners) {
  return (event: PointerEvent) =>
    (listeners?.onPointerDown as ((e: PointerEvent) => void) | undefined)?.(event);
}

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
      onPointerDown={pointerOnly(listeners)}
      onClick={() => onAdd(type)}
    >
      {FIELD_TYPE_NAMES[type][lang === 'en' ? 1 : 0]}
    </Button>
  );
}

interface ElementItemProps {
  element: EntityField;
  placed: boolean;
  onPlace: (eleNo: string) => void;
}

/** One field of the form's entity: dragged or clicked, it becomes the widget that fits it, already bound. */
function ElementItem({ element, placed, onPlace }: ElementItemProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `${ENTITY_FIELD_PREFIX}${element.eleNo}`,
    // A field is on the form once: a second widget would write the same column twice.
    disabled: placed,
  });
  return (
    <Button
      ref={setNodeRef}
      size="small"
      block
      className="page-design-palette-item page-design-palette-element"
      data-testid={`palette-element-${element.eleNo}`}
      data-placed={placed}
      disabled={placed}
      title={placed ? t('pageDesign.palette.placed') : element.eleNo}
      {...attributes}
      onPointerDown={pointerOnly(listeners)}
      onClick={() => onPlace(element.eleNo)}
    >
      <span className="page-design-palette-element-name">{element.eleName}</span>
      {placed ? (
        <CheckOutlined aria-label={t('pageDesign.palette.placed')} />
      ) : (
        <Typography.Text type="secondary" className="page-design-palette-element-type">
          {element.dataTyp}
        </Typography.Text>
      )}
    </Button>
  );
}

interface PaletteProps {
  onAdd: (type: FieldType) => void;
  /** The fields of the form's entity (none when the form has no entity). */
  entityFields: readonly EntityField[];
  /** The props already on the canvas: entity fields among them are offered greyed. */
  placedProps: ReadonlySet<string>;
  onPlace: (eleNo: string) => void;
}

export function Palette({ onAdd, entityFields, placedProps, onPlace }: PaletteProps) {
  const { t } = useTranslation();
  const elements = [...entityFields].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  return (
    <div className="page-design-palette">
      {elements.length > 0 ? (
        <div data-testid="palette-elements">
          <Typography.Text type="secondary">{t('pageDesign.palette.entity')}</Typography.Text>
          <div className="page-design-palette-list">
            {elements.map((element) => (
              <ElementItem
                key={element.eleNo}
                element={element}
                placed={placedProps.has(element.eleNo)}
                onPlace={onPlace}
              />
            ))}
          </div>
        </div>
      ) : null}
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
