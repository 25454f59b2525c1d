import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Button, Col, Form, Tooltip } from 'antd';
import { memo, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldControl } from '../../../shared/schema-form/index.ts';
import { isContainer } from './fieldTree.ts';

export interface CanvasActions {
  selected: string | null;
  onSelect: (prop: string) => void;
  onCopy: (prop: string) => void;
  onRemove: (prop: string) => void;
}

interface CanvasFieldProps extends CanvasActions {
  field: FormField;
  parent: string;
  /** The children drop area of a group or sub-form. */
  renderChildren: (field: FormField) => ReactNode;
}

/**
 * The renderer's own control under its label, read-only. Kept apart and memoised: while a field is dragged every
 * sortable field renders again on each pointer move, and only its frame moves, not its control.
 */
const FieldPreview = memo(function FieldPreview({ field, label }: { field: FormField; label: string }) {
  return (
    <Form.Item label={label} required={field.required} style={{ marginBottom: 0 }}>
      <FieldControl field={field} label={label} readOnly />
    </Form.Item>
  );
});

/** One field on the canvas: its label and the renderer's own control, as a read-only preview. */
export function CanvasField({ field, parent, renderChildren, ...actions }: CanvasFieldProps) {
  const { t } = useTranslation();
  const prop = field.prop ?? '';
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: prop,
    data: { parent },
  });
  const active = actions.selected === prop;
  const label = field.label ?? '';
  return (
    <Col span={field.span ?? 24} offset={field.offset}>
      <div
        ref={setNodeRef}
        style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
        className={`page-design-field${active ? ' page-design-field-active' : ''}`}
        data-testid={`canvas-field-${prop}`}
        // The whole field drags with the pointer; the handle also takes the keyboard.
        onPointerDown={(event) =>
          (listeners?.onPointerDown as ((e: PointerEvent) => void) | undefined)?.(event)
        }
        onClick={(event) => {
          // A click inside a group selects the inner field, not the group around it.
          event.stopPropagation();
          actions.onSelect(prop);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.stopPropagation();
            actions.onSelect(prop);
          }
        }}
        role="option"
        aria-selected={active}
        tabIndex={0}
      >
        <button type="button" className="page-design-handle" {...attributes} {...listeners}>
          <HolderOutlined />
        </button>
        {active ? (
          // In the flow above the control, never over it: an input's own icons (a date's calendar) stay in sight.
          <div className="page-design-field-actions" data-testid={`canvas-actions-${prop}`}>
            <Tooltip title={t('pageDesign.canvas.copy')}>
              <Button
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('pageDesign.canvas.copy')}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.onCopy(prop);
                }}
              />
            </Tooltip>
            <Tooltip title={t('pageDesign.canvas.remove')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('pageDesign.canvas.remove')}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.onRemove(prop);
                }}
              />
            </Tooltip>
          </div>
        ) : null}
        {isContainer(field) ? (
          <div className="page-design-section">
            <div className="page-design-section-title">{label}</div>
            {renderChildren(field)}
          </div>
        ) : (
          <FieldPreview field={field} label={label} />
        )}
      </div>
    </Col>
  );
}
