import { LinkOutlined } from '@ant-design/icons';
import { Handle, type NodeProps, NodeToolbar, Position } from '@xyflow/react';
import { Button, Space } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type FieldLine, fieldHandle, NEW_FIELD_HANDLE, TABLE_HANDLE, type TableNode } from './graph.ts';

function FieldItem({ field, connectable }: { field: FieldLine; connectable: boolean }) {
  const { t } = useTranslation();
  const ref = field.refEntId
    ? field.refName
      ? t('erd.refTo', { name: field.refName })
      : t('erd.refMissing')
    : '';
  return (
    <li className="erd-field" title={ref ? `${field.eleName} · ${ref}` : field.eleName}>
      <span className="erd-field__code">{field.eleNo}</span>
      <span className="erd-field__name">{field.eleName}</span>
      <span
        className={
          field.refEntId && !field.refName ? 'erd-field__type erd-field__type--broken' : 'erd-field__type'
        }
      >
        {field.refEntId ? <LinkOutlined aria-label={ref} /> : field.dataTyp}
      </span>
      {/* Each field can start a new reference: drag from here onto another table. */}
      <Handle
        type="source"
        position={Position.Right}
        id={fieldHandle(field.id)}
        isConnectable={connectable}
        className="erd-handle"
      />
    </li>
  );
}

/**
 * One entity drawn as a table: its name and code, then one line per field (code, name, type; a link mark for a
 * reference). Clicking it opens a small toolbar to go to its definition list or its rows.
 */
export const TableNodeView = memo(function TableNodeView({ id, data, isConnectable }: NodeProps<TableNode>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { entity, fields } = data;
  return (
    <div className="erd-table" data-testid="erd-table" data-entity={entity.entNo}>
      <NodeToolbar position={Position.Top} className="erd-toolbar">
        <Space size={4}>
          <Button size="small" data-testid="erd-open-definition" onClick={() => navigate('/entity/index')}>
            {t('erd.openDefinition')}
          </Button>
          <Button
            size="small"
            type="primary"
            data-testid="erd-open-data"
            onClick={() => navigate(`/entity/detail/${id}`)}
          >
            {t('erd.openData')}
          </Button>
        </Space>
      </NodeToolbar>
      {/* References arrive at the table as a whole; a drag never starts here. */}
      <Handle
        type="target"
        position={Position.Left}
        id={TABLE_HANDLE}
        isConnectable={isConnectable}
        isConnectableStart={false}
        className="erd-handle erd-handle--target"
      />
      <div className="erd-table__head">
        <span className="erd-table__name">{entity.entName}</span>
        <span className="erd-table__code">{entity.entNo}</span>
        <Handle
          type="source"
          position={Position.Right}
          id={NEW_FIELD_HANDLE}
          isConnectable={isConnectable}
          className="erd-handle"
        />
      </div>
      <ul className="erd-table__body">
        {fields.length === 0 ? <li className="erd-field erd-field--none">{t('erd.noFields')}</li> : null}
        {fields.map((field) => (
          <FieldItem key={field.id} field={field} connectable={isConnectable} />
        ))}
      </ul>
    </div>
  );
});
