import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { newProp } from '@yuan/contract/lowcode/form-design';
import { FIELD_TYPE_NAMES, type FieldType } from '@yuan/contract/lowcode/form-fields';
import type { FormJson } from '@yuan/contract/lowcode/form-json';
import { Tabs, Typography } from 'antd';
import { useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { Canvas } from './Canvas.tsx';
import { DesignToolbar } from './DesignToolbar.tsx';
import type { PageRow } from './designApi.ts';
import { designReducer, initialDesign } from './designState.ts';
import { dropAction, innermostCollision } from './dragDrop.ts';
import { type EntityField, entityWidget } from './entityBinding.ts';
import { FieldPanel } from './FieldPanel.tsx';
import { FormPanel } from './FormPanel.tsx';
import { findField, locate, propsOf, ROOT } from './fieldTree.ts';
import { Palette } from './Palette.tsx';
import { useLeaveWarning, useUndoKeys } from './useDesignKeys.ts';
import { useSaveDesign } from './useSaveDesign.ts';
import './pageDesign.css';

interface DesignerProps {
  page: Omit<PageRow, 'formJson'>;
  json: FormJson;
  entityFields: readonly EntityField[];
}

/** The form designer: palette, canvas and properties around one undoable state. */
export function Designer({ page, json, entityFields }: DesignerProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [state, dispatch] = useReducer(designReducer, json, initialDesign);
  const [tab, setTab] = useState('field');
  const { saving, save } = useSaveDesign(page, state, dispatch, entityFields);
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
  const placed = (eleNo: string, parent = ROOT, index?: number) => {
    const element = entityFields.find((item) => item.eleNo === eleNo);
    return element
      ? ({ type: 'place', field: entityWidget(element, page.entId, lang), parent, index } as const)
      : null;
  };
  const onDragEnd = (event: DragEndEvent) => {
    const action = dropAction(state.json, event, added, placed);
    if (action) {
      dispatch(action);
    }
  };
  const placedProps = useMemo(() => new Set(propsOf(state.json.column)), [state.json.column]);
  const selected = state.selected ? findField(state.json.column, state.selected) : undefined;
  const place = state.selected ? locate(state.json.column, state.selected) : undefined;
  const inSubForm = place ? findField(state.json.column, place.parent)?.type === 'dynamic' : false;
  return (
    <div className="page-design">
      <div className="page-design-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('pageDesign.title')} · {page.pageName}
          {state.dirty ? (
            <Typography.Text type="warning"> ({t('pageDesign.unsaved')})</Typography.Text>
          ) : null}
        </Typography.Title>
        <DesignToolbar entId={page.entId} state={state} dispatch={dispatch} saving={saving} onSave={save} />
      </div>
      <DndContext sensors={sensors} collisionDetection={innermostCollision} onDragEnd={onDragEnd}>
        <div className="page-design-body">
          <Palette
            onAdd={(type) => {
              dispatch(added(type));
              setTab('field');
            }}
            entityFields={entityFields}
            placedProps={placedProps}
            onPlace={(eleNo) => {
              const action = placed(eleNo);
              if (action) {
                dispatch(action);
                setTab('field');
              }
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
