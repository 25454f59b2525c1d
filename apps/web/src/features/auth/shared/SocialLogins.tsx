import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { socialRenderUrl } from '../../../shared/api/auth.ts';
import { useSocialSources } from './useSocialSources.ts';

/** One button per configured provider; hidden when there is none (or the list could not be loaded). */
export function SocialLogins({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const sources = useSocialSources();
  if (sources.length === 0) {
    return null;
  }
  return (
    <section className="login-social" aria-labelledby="login-social-title">
      <div className="login-social__divider">
        <span id="login-social-title">{t('social.divider')}</span>
      </div>
      <div className="login-social__buttons">
        {sources.map((item) => (
          <Button
            key={item.source}
            block
            // A navigation, not a fetch: the provider's page opens and its cookie is set on this browser.
            onClick={() => window.location.assign(socialRenderUrl(item.source, tenantId))}
          >
            {item.name}
          </Button>
        ))}
      </div>
    </section>
  );
}
