import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/renderScreen.tsx';
import { stubLayout } from '../../test/schemaForm.tsx';
import { initI18n } from '../i18n/index.ts';
import type { HostItem } from './context.ts';
import { SchemaFields } from './SchemaFields.tsx';

initI18n();
beforeEach(stubLayout);

const errors = () =>
  [...document.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

const fields: FormField[] = [
  { type: 'input', prop: 'name', label: '名称' },
  { type: 'number', prop: 'count', label: '数量' },
  { type: 'password', prop: 'password', label: '密码' },
  { type: 'password', prop: 'password2', label: '确认密码' },
];
const rules: Record<string, Rule[]> = {
  name: [{ required: true, message: '请输入名称' }],
  password2: [
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || value === getFieldValue('password')
          ? Promise.resolve()
          : Promise.reject(new Error('不一致')),
    }),
  ],
};
const items: Record<string, HostItem> = {
  name: {
    testId: 'host-name',
    validateTrigger: 'onChange',
    extra: '最多64个字',
    autoComplete: 'email',
    inputMode: 'email',
  },
  count: { testId: 'host-count' },
  password: { testId: 'host-password', validateTrigger: 'onChange' },
  password2: { testId: 'host-password2', dependencies: ['password'], validateTrigger: 'onChange' },
};

function Host() {
  return (
    <Form name="host">
      <SchemaFields fields={fields} rules={rules} items={items} />
    </Form>
  );
}

describe("a host's additions to the renderer's fields", { timeout: 60_000 }, () => {
  it('puts test ids on the controls and the hint under the field', () => {
    renderInApp(<Host />);
    for (const id of ['host-name', 'host-count', 'host-password', 'host-password2']) {
      expect(screen.getByTestId(id).tagName).toBe('INPUT');
    }
    screen.getByText('最多64个字');
  });

  it("gives a text control the host's autofill hint and keyboard, and a password none of the saved ones", () => {
    renderInApp(<Host />);
    const name = screen.getByTestId('host-name');
    expect([name.getAttribute('autocomplete'), name.getAttribute('inputmode')]).toEqual(['email', 'email']);
    expect(screen.getByTestId('host-password').getAttribute('autocomplete')).toBe('new-password');
  });

  it('checks on change when the host says so, and again when a field it depends on changes', async () => {
    renderInApp(<Host />);
    fireEvent.change(screen.getByTestId('host-name'), { target: { value: 'a' } });
    fireEvent.change(screen.getByTestId('host-name'), { target: { value: '' } });
    await waitFor(() => expect(errors()).toEqual(['请输入名称']));
    fireEvent.change(screen.getByTestId('host-password'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByTestId('host-password2'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByTestId('host-password'), { target: { value: 'abd' } });
    await waitFor(() => expect(errors()).toEqual(['请输入名称', '不一致']));
  });
});
