import { Card } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { MindmapEditor } from './MindmapEditor.tsx';

/** /mindmap/detail/:id — a map's tree and its nodes' bindings, edited. */
export function MindmapDetailPage() {
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <MindmapEditor id={id} onBack={() => navigate('/mindmap/list/index')} />
    </Card>
  );
}
