import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GRID_WIDTH, type GridColumn } from '@yuan/contract/lowcode/grid-json';
import { Button, InputNumber, Select, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GridAlign, GridDesignAction } from './gridState.ts';

const ALIGNS: GridAlign[] = ['left', 'center', 'right'];

interface ColumnRowProps {
  column: GridColumn;
  label: string;
  index: number;
  count: number;
  dispatch: (action: GridDesignAction) => void;
}

/** One column: drag handle, names, width, alignment, and buttons that move it without a pointer. */
export function ColumnRow({ column, label, index, count, dispatch }: ColumnRowProps) {
  const { t } = useTranslation();
  const { prop } = column;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: prop });
  const testId = `grid-column-${prop}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
      className="grid-design-column"
      data-testid={testId}
    >
      <button
        type="button"
        className="grid-design-handle"
        {...attributes}
        {...listeners}
        aria-label={`${t('gridDesign.column.drag')}: ${label}`}
      >
        <HolderOutlined />
      </button>
      <div className="grid-design-column-name">
        <span>{label}</span>
        <Typography.Text type="secondary">{prop}</Typography.Text>
      </div>
      <InputNumber
        size="small"
        data-testid={`${testId}-width`}
        aria-label={`${label} ${t('gridDesign.column.width')}`}
        placeholder={t('gridDesign.column.auto')}
        min={GRID_WIDTH.min}
        max={GRID_WIDTH.max}
        step={10}
        precision={0}
        suffix="px"
        value={column.width ?? null}
        className="grid-design-width"
        onChange={(value) =>
          dispatch({ type: 'width', prop, width: typeof value === 'number' ? value : null })
        }
      />
      <Select<GridAlign>
        size="small"
        aria-label={`${label} ${t('gridDesign.column.align')}`}
        data-testid={`${testId}-align`}
        allowClear
        placeholder={t('gridDesign.column.align')}
        value={column.align}
        className="grid-design-align"
        options={ALIGNS.map((align) => ({ value: align, label: t(`gridDesign.align.${align}`) }))}
        onChange={(align) => dispatch({ type: 'align', prop, align: align ?? null })}
      />
      <Tooltip title={t('gridDesign.column.up')}>
        <Button
          size="small"
          data-testid={`${testId}-up`}
          aria-label={`${t('gridDesign.column.up')}: ${label}`}
          icon={<ArrowUpOutlined />}
          disabled={index === 0}
          onClick={() => dispatch({ type: 'move', prop, to: index - 1 })}
        />
      </Tooltip>
      <Tooltip title={t('gridDesign.column.down')}>
        <Button
          size="small"
          data-testid={`${testId}-down`}
          aria-label={`${t('gridDesign.column.down')}: ${label}`}
          icon={<ArrowDownOutlined />}
          disabled={index === count - 1}
          onClick={() => dispatch({ type: 'move', prop, to: index + 1 })}
        />
      </Tooltip>
      <Tooltip title={t('gridDesign.column.remove')}>
        <Button
          size="small"
          danger
          data-testid={`${testId}-remove`}
          aria-label={`${t('gridDesign.column.remove')}: ${label}`}
          icon={<DeleteOutlined />}
          onClick={() => dispatch({ type: 'toggle', prop, shown: false })}
        />
      </Tooltip>
    </li>
  );
}
