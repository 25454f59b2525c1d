import { translate } from '../i18n/index.ts';

/** Lightweight loading state (no antd) so it can show before any lazy chunk arrives. */
export function PageSpinner({ label }: { label?: string }) {
  const text = label ?? translate('common.loading');
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__dot" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
