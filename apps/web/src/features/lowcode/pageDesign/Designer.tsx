import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useQueryClient } from '@tanstack/react-query';
import { newProp, saveFormJson } from '@yuan/contract/lowcode/form-design';
import { FIELD_TYPE_NAMES, type FieldType } from '@yuan/contract/lowcode/form-fields';
import { type FormJson, formJsonSchema } from '@yuan/contract/lowcode/form-json';
import { Tabs, Typography } from 'antd';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { toastError, toastSuccess } from '../../../shared/ui/feedback.ts';
import { forgetDefaultPages } from '../designList/useDefaultPage.ts';
import { Canvas } from './Canvas.tsx';
import { DesignToolbar } from './DesignToolbar.tsx';
import { type PageRow, pageDesignApi } from './designApi.ts';
import { designReducer, initialDesign } from './designState.ts';
import { dropAction, innermostCollision } from './dragDrop.ts';
import type { EntityField } from './entityBinding.ts';
import { FieldPanel } from './FieldPanel.tsx';
import { FormPanel } from './FormPanel.tsx';
import { findField, locate, propsOf, ROOT } from './fieldTree.ts';
import { issueText } from './importJson.ts';
import { Palette } from './Palette.tsx';
import { useLeaveWarning, useUndoKeys } from './useDesignKeys.ts';
import './pageDesign.css';

interface DesignerProps {
  page: Omit<PageRow, 'formJson'>;
  json: FormJson;
  entityFields: readonly EntityField[];
}

/** The form designer: palette, canvas and properties around one undoable state. */
export function Designer({ page, json, entityFields }: DesignerProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const lang = useLanguage();
  const [state, dispatch] = useReducer(designReducer, json, initialDesign);
  const [tab, setTab] = useState('field');
  const [saving, setSaving] = useState(false);
  useUndoKeys(dispatch);
  useLeaveWarning(state.dirty);
  const sensors = useSensors(
    // A short move starts a drag, so a click on a palette item still appends it.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (type: string) => FIELD_TYPE_NAMES[type as FieldType]?.[lang === 'en' ? 1 : 0] ?? type;
  const added = (fieldType: string, parent = ROOT, index?: number) =>
    ({ type: 'add', fieldType, prop: newProp(), label: nameOf(fieldType), parent, index }) as const;
  const onDragEnd = (event: DragEndEvent) => {
    const action = dropAction(state.json, event, added);
    if (action) {
      dispatch(action);
    }
  };
  const selected = state.selected ? findField(state.json.column, state.selected) : undefined;
  const place = state.selected ? locate(state.json.column, state.selected) : undefined;
  const inSubForm = place ? findField(state.json.column, place.parent)?.type === 'dynamic' : false;
  const save = async () => {
    const formJson = saveFormJson(state.json);
    const checked = formJsonSchema.safeParse(formJson);
    if (!checked.success) {
      toastError(issueText(checked.error, lang));
      return;
    }
    setSaving(true);
    try {
      await pageDesignApi.save({
        id: page.id,
        pageNo: page.pageNo,
        pageName: page.pageName,
        entId: page.entId,
        formJson,
      });
      dispatch({ type: 'saved' });
      forgetDefaultPages(client);
      toastSuccess(t('pageDesign.saved'));
    } catch {
      // The request client has shown the server's refusal.
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="page-design">
      <div className="page-design-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('pageDesign.title')} · {page.pageName}
          {state.dirty ? (
            <Typography.Text type="warning"> ({t('pageDesign.unsaved')})</Typography.Text>
          ) : null}
        </Typography.Title>
        <DesignToolbar state={state} dispatch={dispatch} saving={saving} onSave={() => void save()} />
      </div>
      <DndContext sensors={sensors} collisionDetection={innermostCollision} onDragEnd={onDragEnd}>
        <div className="page-design-body">
          <Palette
            onAdd={(type) => {
              dispatch(added(type));
              setTab('field');
            }}
          />
          <Canvas
            json={state.json}
            selected={state.selected}
            onSelect={(prop) => {
              dispatch({ type: 'select', prop });
              setTab('field');
            }}
            onCopy={(prop) => dispatch({ type: 'copy', prop, newProp: newProp() })}
            onRemove={(prop) => dispatch({ type: 'remove', prop })}
          />
          <Tabs
            className="page-design-side"
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'field',
                label: t('pageDesign.tab.field'),
                children: (
                  <FieldPanel
                    field={selected}
                    subfield={inSubForm}
                    takenProps={propsOf(state.json.column)}
                    entityFields={entityFields}
                    onChange={(field) => {
                      if (state.selected) {
                        dispatch({ type: 'update', prop: state.selected, field });
                      }
                    }}
                    onChangeType={(fieldType) => {
                      if (state.selected) {
                        dispatch({ type: 'changeType', prop: state.selected, fieldType });
                      }
                    }}
                  />
                ),
              },
              {
                key: 'form',
                label: t('pageDesign.tab.form'),
                children: (
                  <FormPanel
                    json={state.json}
                    onChange={(settings) => dispatch({ type: 'settings', settings })}
                  />
                ),
              },
            ]}
          />
        </div>
      </DndContext>
    </div>
  );
}
