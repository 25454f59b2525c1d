import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { parseVariables, variablesProblem } from './variables.ts';
import './flowScreens.css';

/** The rule of a variables text: empty, or a JSON object (the message says which part is wrong). */
export function useVariablesRule(): Rule {
  const { t } = useTranslation();
  return {
    validator: async (_, value: string | undefined) => {
      const problem = variablesProblem(parseVariables(value ?? ''));
      if (problem) {
        throw new Error(t(problem.key, { detail: problem.detail ?? '' }));
      }
    },
  };
}

/** A form item for process variables typed as a JSON object, e.g. {"amount": 120, "approved": true}. */
export function VariablesField({ name = 'variables', label }: { name?: string; label?: string }) {
  const { t } = useTranslation();
  const rule = useVariablesRule();
  return (
    <Form.Item
      name={name}
      label={label ?? t('flow.variables.label')}
      extra={t('flow.variables.hint')}
      rules={[rule]}
    >
      <Input.TextArea
        autoSize={{ minRows: 3, maxRows: 10 }}
        placeholder='{"amount": 120}'
        spellCheck={false}
        className="flow-json-input"
        data-testid="flow-variables"
      />
    </Form.Item>
  );
}
