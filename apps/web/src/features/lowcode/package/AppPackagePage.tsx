import { Col, Row } from 'antd';
import { hasButton } from '../../../shared/crud/permissions.ts';
import { useSession } from '../../../stores/session.ts';
import { ExportCard } from './ExportCard.tsx';
import { HistoryCard } from './HistoryCard.tsx';
import { ImportCard } from './ImportCard.tsx';

const CODES = ['appPackage'];

/**
 * /lowcode/package: a tenant's low-code application as one file, exported from chosen entities and imported, after a
 * preview, into another tenant or installation (menu appPackage; buttons appPackage_export, appPackage_import).
 */
export function AppPackagePage() {
  const permission = useSession((state) => state.permission);
  return (
    <div data-testid="app-package-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ExportCard canExport={hasButton(CODES, permission, 'export')} />
        </Col>
        <Col xs={24} xl={14}>
          <ImportCard canImport={hasButton(CODES, permission, 'import')} />
        </Col>
        <Col span={24}>
          <HistoryCard />
        </Col>
      </Row>
    </div>
  );
}
