import { Input } from 'antd';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { useTextProps, WithAddons } from './input.tsx';

/** A hidden text; the browser is asked not to fill in a saved password. */
export function PasswordWidget(props: WidgetProps) {
  return (
    <WithAddons prepend={props.field.prepend} append={props.field.append}>
      <Input.Password {...useTextProps(props)} autoComplete="new-password" />
    </WithAddons>
  );
}

export const passwordWidget: WidgetDef = { Widget: PasswordWidget };
