import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type LintItem, lintKey } from '../bpmn/lint.ts';

interface Props {
  items: LintItem[];
  /** Whether the list is from the last save (an unsaved diagram may have fixed or added problems). */
  stale: boolean;
  onPick: (id: string) => void;
}

/** The checker's findings of the last save beside the diagram; a click shows the element. */
export function LintList({ items, stale, onPick }: Props) {
  const { t } = useTranslation();
  const errors = items.filter((item) => item.level === 'error').length;
  return (
    <div data-testid="flow-lint" data-errors={errors} data-count={items.length}>
      <Typography.Text strong>
        {t('flow.model.problems', { errors: String(errors), warnings: String(items.length - errors) })}
      </Typography.Text>
      {stale && items.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
          {t('flow.model.problemsStale')}
        </Typography.Paragraph>
      ) : null}
      <ul className="flow-lint-list">
        {items.map((item) => (
          <li key={lintKey(item)}>
            <button
              type="button"
              className="flow-lint-item"
              onClick={() => onPick(item.id)}
              data-testid="flow-lint-item"
              data-level={item.level}
            >
              {item.level === 'error' ? (
                <CloseCircleFilled style={{ color: '#ff4d4f' }} />
              ) : (
                <WarningFilled style={{ color: '#faad14' }} />
              )}
              <span>
                {item.message}
                {item.id ? <Typography.Text type="secondary"> · {item.id}</Typography.Text> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
