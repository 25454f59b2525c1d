import { Col, Form, Input, Row, Select, Switch } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleTreeSelect } from '../../../shared/components/RoleTreeSelect.tsx';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { matchesZone, zoneOptions } from '../../../shared/time/timeZone.ts';
import type { NodeAction } from './actions.ts';
import { cronCountProblem } from './cron.ts';
import { serviceRules } from './serviceForm.ts';
import type { EditorValues } from './serviceValues.ts';
import type { ServiceNode } from './tree.ts';

interface Props {
  form: FormInstance<EditorValues>;
  node: ServiceNode;
  /** The switch needs its own permission (enable or disable), apart from editing. */
  canSwitch: boolean;
  onAction: (action: NodeAction, node: ServiceNode) => void;
}

/**
 * The service's settings above its code: name, path and switch; the roles that may call it by its path; its
 * schedule (cron) and the zone the schedule is read in.
 */
export function ServiceFields({ form, node, canSwitch, onAction }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const zones = useMemo(() => zoneOptions(), []);
  const cronRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const count = cronCountProblem(value ?? '');
      if (count !== null) {
        throw new Error(t('flow.service.cronFields', { count }));
      }
    },
  };

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Form.Item name="name" label={t('flow.service.name')} rules={serviceRules(lang, 'name', true)}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={11}>
          <Form.Item
            name="path"
            label={t('flow.service.path')}
            rules={serviceRules(lang, 'path', true)}
            extra={t('flow.service.pathHint', { path: form.getFieldValue('path') || '…' })}
          >
            <Input maxLength={128} />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item label={t('flow.service.enabled')}>
            <Switch
              checked={node.enabled}
              disabled={!canSwitch}
              onChange={(on) => onAction(on ? 'enable' : 'disable', node)}
              data-testid="flow-editor-enabled"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={9}>
          <Form.Item name="roleIds" label={t('flow.service.roles')} extra={t('flow.service.rolesHint')}>
            <RoleTreeSelect placeholder={t('flow.service.rolesNone')} data-testid="flow-editor-roles" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="cron"
            label={t('flow.service.cron')}
            extra={t('flow.service.cronHelp')}
            rules={[{ max: 64 }, cronRule]}
          >
            <Input
              maxLength={64}
              placeholder="0 8 * * 1-5"
              spellCheck={false}
              data-testid="flow-editor-cron"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={7}>
          <Form.Item
            name="timeZone"
            label={t('flow.service.timeZone')}
            extra={t('flow.service.timeZoneHint')}
          >
            <Select
              allowClear
              showSearch={{ filterOption: (input, option) => matchesZone(input, option?.label ?? '') }}
              options={zones}
              placeholder={t('flow.service.timeZoneDefault')}
              data-testid="flow-editor-time-zone"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
