import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import type { FormField, FormJson } from '@yuan/contract/lowcode/form-json';
import { Empty, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CanvasActions, CanvasField } from './CanvasField.tsx';
import { ROOT } from './fieldTree.ts';

/** The drop id of a container's list: the form (ROOT) or a group or sub-form prop. */
export const CONTAINER_PREFIX = 'container:';

interface CanvasListProps extends CanvasActions {
  parent: string;
  fields: readonly FormField[];
  gutter: number;
}

function CanvasList({ parent, fields, gutter, ...actions }: CanvasListProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `${CONTAINER_PREFIX}${parent}` });
  const ids = fields.map((field) => field.prop ?? '');
  const root = parent === ROOT;
  return (
    <div
      ref={setNodeRef}
      className={`page-design-list${root ? ' page-design-list-root' : ''}${isOver ? ' page-design-list-over' : ''}`}
      data-testid={`canvas-list-${parent}`}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <Row gutter={gutter}>
          {fields.map((field) => (
            <CanvasField
              key={field.prop}
              field={field}
              parent={parent}
              renderChildren={(container) => (
                <CanvasList
                  {...actions}
                  parent={container.prop ?? ''}
                  fields={container.children?.column ?? []}
                  gutter={gutter}
                />
              )}
              {...actions}
            />
          ))}
        </Row>
      </SortableContext>
      {fields.length === 0 ? (
        root ? (
          <Empty description={t('pageDesign.canvas.empty')} />
        ) : (
          <div className="page-design-drop-hint">{t('pageDesign.canvas.dropHere')}</div>
        )
      ) : null}
    </div>
  );
}

/** The centre of the designer: every field drawn by the one renderer, sortable and droppable into containers. */
export function Canvas({ json, ...actions }: CanvasActions & { json: FormJson }) {
  const top = json.labelPosition === 'top';
  return (
    <Form
      component="div"
      className="page-design-canvas"
      layout={top ? 'vertical' : 'horizontal'}
      labelAlign={json.labelPosition === 'right' ? 'right' : 'left'}
      labelCol={top ? undefined : { flex: `${json.labelWidth ?? 120}px` }}
      colon={false}
    >
      <CanvasList parent={ROOT} fields={json.column} gutter={json.gutter ?? 0} {...actions} />
    </Form>
  );
}
