import { LinkOutlined } from '@ant-design/icons';
import type { WebsiteConfig } from '@yuan/contract/system/website';
import { Button, Card, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sanitizeRichText } from '../../../shared/schema-form/sanitize.ts';

/** The configured welcome page: banner, title, introduction (sanitized again here) and quick links. */
export function WebsiteView({ config }: { config: WebsiteConfig }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intro = useMemo(() => sanitizeRichText(config.intro), [config.intro]);
  return (
    <Card
      data-testid="website-view"
      cover={config.banner ? <img alt="" src={config.banner} className="website__banner" /> : undefined}
    >
      {config.title ? (
        <Typography.Title level={3} data-testid="website-title">
          {config.title}
        </Typography.Title>
      ) : null}
      <div
        className="website__intro"
        data-testid="website-intro"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server when saved and by DOMPurify here
        dangerouslySetInnerHTML={{ __html: intro }}
      />
      {config.links.length > 0 ? (
        <nav aria-label={t('website.links')}>
          <Flex wrap gap={8}>
            {config.links.map((link) =>
              link.url.startsWith('/') ? (
                <Button
                  key={`${link.title}${link.url}`}
                  icon={<LinkOutlined />}
                  onClick={() => navigate(link.url)}
                >
                  {link.title}
                </Button>
              ) : (
                <Button
                  key={`${link.title}${link.url}`}
                  icon={<LinkOutlined />}
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {link.title}
                </Button>
              ),
            )}
          </Flex>
        </nav>
      ) : null}
    </Card>
  );
}
