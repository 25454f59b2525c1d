import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { defaultValues } from '../prepare.ts';
import { useTexts } from '../texts.ts';
import type { SectionProps, WidgetDef } from '../types.ts';
import '../schema-form.css';

/**
 * A sub-form: a table whose rows are the children's fields drawn by the same renderer, with add and delete
 * (addBtn/delBtn); a new row starts with the children's valueDefault. The value is the list of rows. Rows are
 * edited in place, so viewBtn has nothing to open here.
 */
export function DynamicSection({ field, name, renderCell }: SectionProps) {
  const t = useTexts();
  const options = field.children ?? {};
  const columns = (options.column ?? []).filter((column) => column.display !== false);
  const locked = Boolean(field.disabled || field.readonly);
  const addBtn = options.addBtn !== false && !locked;
  const delBtn = options.delBtn !== false && !locked;
  const label = field.label ?? '';
  const rules = field.required
    ? [
        {
          validator: async (_rule: unknown, rows: unknown) => {
            if (!Array.isArray(rows) || rows.length === 0) {
              throw new Error(t('schemaForm.required', { label }));
            }
          },
        },
      ]
    : undefined;
  const span = columns.length + (options.index ? 1 : 0) + (delBtn ? 1 : 0);
  return (
    <Form.Item label={label} required={field.required}>
      <Form.List name={name} rules={rules}>
        {(rows, { add, remove }, { errors }) => (
          <div data-testid={`schema-dynamic-${field.prop}`}>
            <table className="schema-form-dynamic">
              <thead>
                <tr style={{ textAlign: options.headerAlign ?? 'center' }}>
                  {options.index ? <th>{t('schemaForm.index')}</th> : null}
                  {columns.map((column) => (
                    <th key={column.prop} style={{ width: column.width }}>
                      {column.label}
                    </th>
                  ))}
                  {delBtn ? <th>{t('schemaForm.actions')}</th> : null}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={span} className="schema-form-dynamic__empty">
                      {t('schemaForm.noRows')}
                    </td>
                  </tr>
                ) : null}
                {rows.map((row, index) => (
                  <tr
                    key={row.key}
                    data-testid="schema-dynamic-row"
                    style={{ textAlign: options.align ?? 'center' }}
                  >
                    {options.index ? <td>{index + 1}</td> : null}
                    {columns.map((column) => (
                      <td key={column.prop}>
                        {renderCell(column, [row.name, column.prop ?? String(index)])}
                      </td>
                    ))}
                    {delBtn ? (
                      <td>
                        <Button
                          type="link"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('schemaForm.delete')}
                          onClick={() => remove(row.name)}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
            {addBtn ? (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add(defaultValues(options.column ?? []))}
                style={{ marginTop: 8 }}
              >
                {t('schemaForm.add')}
              </Button>
            ) : null}
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}

export const dynamicWidget: WidgetDef = { Section: DynamicSection };
