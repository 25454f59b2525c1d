import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { GridJson } from '@yuan/contract/lowcode/grid-json';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColumnRow } from './ColumnRow.tsx';
import type { GridDesignAction, GridField } from './gridState.ts';

interface ColumnListProps {
  fields: readonly GridField[];
  json: GridJson;
  dispatch: (action: GridDesignAction) => void;
}

/** The centre: the columns in their order, sorted by dragging or by the up and down buttons. */
export function ColumnList({ fields, json, dispatch }: ColumnListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A short move starts a drag, so a click on the inputs of a row still reaches them.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labels = new Map(fields.map((field) => [field.name, field.label]));
  const ids = json.columns.map((column) => column.prop);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) {
      dispatch({ type: 'move', prop: String(active.id), to: ids.indexOf(String(over.id)) });
    }
  };
  return (
    <Card
      size="small"
      title={t('gridDesign.columns')}
      className="grid-design-panel"
      data-testid="grid-columns"
    >
      {ids.length === 0 ? <Empty description={t('gridDesign.columns.empty')} /> : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul className="grid-design-columns">
            {json.columns.map((column, index) => (
              <ColumnRow
                key={column.prop}
                column={column}
                label={labels.get(column.prop) ?? column.prop}
                index={index}
                count={ids.length}
                dispatch={dispatch}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </Card>
  );
}
