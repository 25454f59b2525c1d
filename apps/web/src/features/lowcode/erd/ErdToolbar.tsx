import { ApartmentOutlined, FileImageOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageKind } from './exportImage.ts';
import { type ErdEntity, matchesTable } from './graph.ts';

interface ErdToolbarProps {
  entities: ErdEntity[];
  /** Centres the table of this entity id and selects it. */
  onFind: (id: string) => void;
  onRelayout: () => Promise<void>;
  onExport: (kind: ImageKind) => Promise<void>;
  /** Whether dragging from a field may add a reference (the user can edit entities). */
  canConnect: boolean;
}

/** Above the diagram: find a table, lay everything out again, export a picture. */
export function ErdToolbar({ entities, onFind, onRelayout, onExport, canConnect }: ErdToolbarProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'layout' | ImageKind | null>(null);
  const options = useMemo(
    () =>
      [...entities]
        .sort((a, b) => a.entName.localeCompare(b.entName))
        .map((e) => ({ value: e.id, label: `${e.entName} (${e.entNo})`, entity: e })),
    [entities],
  );
  // One action at a time: an export while the layout still moves tables would draw them half way.
  const run = async (what: 'layout' | ImageKind, action: () => Promise<void>) => {
    setBusy(what);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space wrap className="erd-bar">
      <Select
        style={{ width: 260 }}
        value={null}
        placeholder={t('erd.search')}
        aria-label={t('erd.search')}
        data-testid="erd-search"
        options={options}
        showSearch={{
          filterOption: (input, option) => (option ? matchesTable(option.entity, input) : false),
        }}
        notFoundContent={t('erd.searchNone')}
        onSelect={(id) => {
          if (id) {
            onFind(id);
          }
        }}
      />
      <Button
        icon={<ApartmentOutlined />}
        loading={busy === 'layout'}
        disabled={busy !== null && busy !== 'layout'}
        data-testid="erd-relayout"
        onClick={() => void run('layout', onRelayout)}
      >
        {t('erd.autoLayout')}
      </Button>
      <Button
        icon={<FileImageOutlined />}
        loading={busy === 'png'}
        disabled={busy !== null && busy !== 'png'}
        data-testid="erd-export-png"
        onClick={() => void run('png', () => onExport('png'))}
      >
        {t('erd.exportPng')}
      </Button>
      <Button
        icon={<FileImageOutlined />}
        loading={busy === 'svg'}
        disabled={busy !== null && busy !== 'svg'}
        data-testid="erd-export-svg"
        onClick={() => void run('svg', () => onExport('svg'))}
      >
        {t('erd.exportSvg')}
      </Button>
      <Typography.Text type="secondary">
        {t('erd.tables', { count: entities.length })}
        {canConnect ? ` · ${t('erd.connectHint')}` : ''}
      </Typography.Text>
    </Space>
  );
}
