import { useParams } from 'react-router';
import { ReportViewer } from './ReportViewer.tsx';

/** /report/view/:id: one report's viewer in a tab of its own. */
export function ReportViewPage() {
  const { id = '' } = useParams();
  return <ReportViewer key={id} id={id} />;
}
