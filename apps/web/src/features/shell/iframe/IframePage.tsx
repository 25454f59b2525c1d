import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Only absolute http(s) or same-origin .html addresses are embedded; javascript: and friends never are. */
export function safeFrameSource(src: string | null): string | null {
  if (!src) {
    return null;
  }
  if (/^https?:\/\//i.test(src) || (/^\/[^/]/.test(src) && /\.html?(\?|#|$)/i.test(src))) {
    return src;
  }
  return null;
}

/** /myiframe/*: an external menu page inside the shell. */
export function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = safeFrameSource(params.get('src'));
  if (!src) {
    return <Empty description={t('iframe.missing')} />;
  }
  return (
    <iframe
      title={params.get('name') || t('iframe.title')}
      src={src}
      style={{ width: '100%', height: 'calc(100vh - 150px)', border: 0, background: '#fff' }}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
    />
  );
}
