import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { setDictMultiple } from '@yuan/contract/lowcode/form-design';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Button, Input, Radio, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionDialog } from './OptionDialog.tsx';
import { type FieldPartProps, NumberProp, PropRow, SwitchProp, withProp } from './panelParts.tsx';

export const CHOICE_PANEL_TYPES = new Set(['radio', 'checkbox', 'select', 'cascader', 'tree']);
const MULTIPLE_TYPES = new Set(['select', 'cascader', 'tree']);
const DICT_PREFIX = 'dict:';

type Source = 'static' | 'remote' | 'dict';
type QueryRow = { key?: string; value?: string };

function sourceOf(field: FormField): Source {
  return field.dicSource?.startsWith(DICT_PREFIX) ? 'dict' : (field.dicOption ?? 'static');
}

/** The remote query as rows, whether it is still a list or already the saved object. */
function queryRows(query: FormField['dicQuery']): QueryRow[] {
  if (Array.isArray(query)) {
    return query;
  }
  return Object.entries(query ?? {}).map(([key, value]) => ({ key, value: String(value) }));
}

function RemoteSource({ field, onChange }: FieldPartProps) {
  const { t } = useTranslation();
  const rows = queryRows(field.dicQuery);
  const setRows = (next: QueryRow[]) => onChange({ ...field, dicQuery: next });
  const setRow = (index: number, patch: QueryRow) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <>
      <PropRow label="pageDesign.dic.url">
        <Input
          aria-label="dicUrl"
          value={field.dicUrl ?? ''}
          onChange={(event) => onChange(withProp(field, 'dicUrl', event.target.value))}
        />
      </PropRow>
      <PropRow label="pageDesign.dic.method">
        <Radio.Group
          value={field.dicMethod ?? 'get'}
          options={['get', 'post'].map((value) => ({ value, label: value }))}
          onChange={(event) => onChange({ ...field, dicMethod: event.target.value as 'get' | 'post' })}
        />
      </PropRow>
      <PropRow label="pageDesign.dic.query">
        {rows.map((row, index) => (
          // Rows have no identity besides their place; a key typed twice is still two rows.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Space.Compact key={index} style={{ marginBottom: 4 }}>
            <Input
              placeholder={t('pageDesign.dic.key')}
              value={row.key ?? ''}
              onChange={(event) => setRow(index, { key: event.target.value })}
            />
            <Input
              placeholder={t('pageDesign.dic.value')}
              value={row.value ?? ''}
              onChange={(event) => setRow(index, { value: event.target.value })}
            />
            <Button
              icon={<DeleteOutlined />}
              onClick={() => setRows(rows.filter((_row, at) => at !== index))}
            />
          </Space.Compact>
        ))}
        <Button size="small" icon={<PlusOutlined />} onClick={() => setRows([...rows, {}])}>
          {t('pageDesign.dic.add')}
        </Button>
      </PropRow>
    </>
  );
}

/** Choice fields: how many may be chosen, and where the choices come from (SPEC §3, §4, §5). */
export function ChoicePanel({ field, onChange }: FieldPartProps) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>(sourceOf(field));
  const [dialog, setDialog] = useState(false);
  const type = field.type ?? 'input';
  const part = { field, onChange };
  const changeSource = (next: Source) => {
    setSource(next);
    const { dicSource: _dropped, ...rest } = field;
    onChange(next === 'dict' ? rest : { ...rest, dicOption: next });
  };
  return (
    <>
      {MULTIPLE_TYPES.has(type) ? (
        <PropRow label="pageDesign.field.multiple">
          <Switch
            aria-label="multiple"
            size="small"
            checked={field.multiple === true}
            onChange={(checked) => onChange(setDictMultiple(field, checked))}
          />
        </PropRow>
      ) : null}
      {type === 'select' || type === 'checkbox' ? (
        <NumberProp
          {...part}
          name="limit"
          label="pageDesign.field.limit"
          min={0}
          max={field.dicOption === 'remote' ? undefined : (field.dicData?.length ?? 0)}
        />
      ) : null}
      {type === 'select' || type === 'cascader' || type === 'tree' ? (
        <>
          <SwitchProp {...part} name="clearable" label="pageDesign.field.clearable" />
          <SwitchProp {...part} name="filterable" label="pageDesign.field.filterable" />
        </>
      ) : null}
      <PropRow label="pageDesign.dic.source">
        <Select
          aria-label="dicOption"
          value={source}
          options={(['static', 'remote', 'dict'] as const).map((value) => ({
            value,
            label: t(`pageDesign.dic.${value}`),
          }))}
          onChange={changeSource}
        />
      </PropRow>
      {source === 'static' ? (
        <Button block onClick={() => setDialog(true)}>
          {t('pageDesign.dic.edit', { count: field.dicData?.length ?? 0 })}
        </Button>
      ) : null}
      {source === 'remote' ? <RemoteSource {...part} /> : null}
      {source === 'dict' ? (
        <PropRow label="pageDesign.dic.code">
          <Input
            aria-label="dictCode"
            value={field.dicSource?.slice(DICT_PREFIX.length) ?? ''}
            onChange={(event) =>
              onChange(
                withProp(
                  field,
                  'dicSource',
                  event.target.value ? `${DICT_PREFIX}${event.target.value}` : null,
                ),
              )
            }
          />
        </PropRow>
      ) : null}
      <OptionDialog
        open={dialog}
        items={field.dicData ?? []}
        onCancel={() => setDialog(false)}
        onOk={(items) => {
          setDialog(false);
          onChange({ ...field, dicOption: 'static', dicData: items });
        }}
      />
    </>
  );
}
