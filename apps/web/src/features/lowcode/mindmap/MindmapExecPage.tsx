import { Card } from 'antd';
import { useParams } from 'react-router';
import { MindmapRunner } from './MindmapRunner.tsx';

/** /mindmap/exec/:id — a map run: its bound nodes open their lists, forms and services. */
export function MindmapExecPage() {
  const id = useParams().id ?? '';
  return (
    <Card variant="borderless">
      <MindmapRunner id={id} showTitle />
    </Card>
  );
}
