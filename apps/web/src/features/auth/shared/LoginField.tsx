import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}

/**
 * One login field with its validation message. The login page avoids antd's Form (rc-field-form, async
 * validator, tooltip: ~25 KB gzip) to stay inside the 250 KB budget; the markup mirrors antd's form item.
 */
export function LoginField({ id, label, error, children }: Props) {
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="login-field__label">
        {label}
      </label>
      {children}
      <div className="login-field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
