import { scriptServiceResource } from '@yuan/contract/flow/script-service';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../shared/components/ActionDialog.tsx';
import { failureText, useBusy } from '../../../shared/hooks/useBusy.ts';
import { useLanguage } from '../../../shared/hooks/useLanguage.ts';
import { SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { flowServiceApi, type ServiceKind } from './api.ts';
import { fieldOfMessage, serviceRules } from './serviceForm.ts';
import { findNode, nextSort, type ServiceNode, TOP } from './tree.ts';

type Props =
  | {
      mode: 'create';
      kind: ServiceKind;
      parentId: string;
      nodes: ServiceNode[];
      onDone: (id: string) => void;
    }
  | { mode: 'rename'; node: ServiceNode; nodes: ServiceNode[]; onDone: (id: string) => void };

/** The definition's lengths of a name and a path. */
const NAME_MAX = scriptServiceResource.fields.name.max;
const PATH_MAX = scriptServiceResource.fields.path.max;

interface Values {
  name: string;
  path?: string;
}

/**
 * New module, new service (name and path) or rename. A refusal from the server is shown under the field it names
 * (its text starts with the field's label), else above the form.
 */
export function NodeDialog(props: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [form] = Form.useForm<Values>();
  const { busy, run, problem, setProblem } = useBusy();
  const service = props.mode === 'create' && props.kind === 'service';
  const parentId = props.mode === 'create' ? props.parentId : props.node.parentId;
  const parentName = parentId === TOP ? t('flow.service.top') : (findNode(props.nodes, parentId)?.name ?? '');
  const title =
    props.mode === 'rename'
      ? t('flow.service.renameTitle', { name: props.node.name })
      : t(service ? 'flow.service.newServiceTitle' : 'flow.service.newModuleTitle');

  const fields: FormField[] = [
    { type: 'input', prop: 'name', label: t('flow.service.name'), maxlength: NAME_MAX },
    ...(service
      ? [
          {
            type: 'input',
            prop: 'path',
            label: t('flow.service.path'),
            maxlength: PATH_MAX,
            placeholder: 'support/QueryUnRead',
          },
        ]
      : []),
  ];
  const rules = { name: serviceRules(lang, 'name', service), path: serviceRules(lang, 'path', true) };
  const items = { path: { extra: t('flow.service.pathRule') } };

  const send = (values: Values) => {
    if (props.mode === 'rename') {
      return flowServiceApi.rename(props.node.id, values.name.trim());
    }
    const common = { parentId, name: values.name.trim(), sort: nextSort(props.nodes, parentId) };
    return flowServiceApi.save(
      service
        ? { ...common, kind: 'service', path: values.path?.trim(), language: 'js', code: '', enabled: true }
        : { ...common, kind: 'module' },
    );
  };

  // A refusal that names a field this dialog shows goes under it, any other above the form.
  const showRefusal = (error: unknown) => {
    const text = failureText(error);
    const field = fieldOfMessage(text);
    if (field === 'name' || (field === 'path' && service)) {
      form.setFields([{ name: field, errors: [text] }]);
    } else {
      setProblem(text);
    }
  };

  const submit = () =>
    run(async () => {
      const row = await send(await form.validateFields());
      toastSuccess(t(props.mode === 'rename' ? 'flow.service.renamed' : 'flow.service.created'));
      props.onDone(row.id);
    }, showRefusal);

  return (
    <ActionDialog
      testId="flow-node-dialog"
      title={title}
      okText={t('crud.submit')}
      busy={busy}
      problem={problem}
      onOk={submit}
      onCancel={props.onClose}
    >
      <Form
        form={form}
        name="flow-node"
        layout="vertical"
        initialValues={{ name: props.mode === 'rename' ? props.node.name : '' }}
        // Enter in a field sends the dialog, as its OK button does.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
            event.preventDefault();
            void submit();
          }
        }}
      >
        <Form.Item label={t('flow.service.parent')}>
          <span data-testid="flow-node-parent">{parentName}</span>
        </Form.Item>
        <SchemaFields fields={fields} rules={rules} items={items} />
      </Form>
    </ActionDialog>
  );
}
