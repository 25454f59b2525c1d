import { getNodesBounds, type Node } from '@xyflow/react';
import { toPng, toSvg } from 'html-to-image';

export type ImageKind = 'png' | 'svg';

/** Room around the outermost tables in the picture. */
const MARGIN = 40;
/** Browsers refuse canvases much beyond 16k pixels a side; a large diagram is drawn at a smaller scale instead. */
const MAX_CANVAS_SIDE = 16_000;

/** Handles and the table toolbar are for editing; they have no place in a picture of the model. */
function printable(element: HTMLElement): boolean {
  const classes = element.classList;
  return (
    !classes || !(classes.contains('react-flow__handle') || classes.contains('react-flow__node-toolbar'))
  );
}

function download(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}

/** `erd-20250131-0930.png`: a name that sorts by when the picture was taken. */
export function imageFileName(kind: ImageKind, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  return `erd-${day}-${pad(now.getHours())}${pad(now.getMinutes())}.${kind}`;
}

/**
 * Draws every table and edge at full size, whatever part of the diagram is on screen: the viewport element is
 * rendered with a transform that frames all tables, not as the user has zoomed it.
 */
export async function exportDiagram(
  kind: ImageKind,
  flowElement: HTMLElement,
  nodes: Node[],
  background: string,
): Promise<void> {
  const viewport = flowElement.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewport || nodes.length === 0) {
    return;
  }
  const bounds = getNodesBounds(nodes);
  const width = Math.ceil(bounds.width + MARGIN * 2);
  const height = Math.ceil(bounds.height + MARGIN * 2);
  const options = {
    backgroundColor: background,
    width,
    height,
    filter: printable,
    // The app uses system fonts; fetching stylesheets to embed web fonts would only slow the export down.
    skipFonts: true,
    style: {
      width: `${width}px`,
      height: `${height}px`,
      transform: `translate(${MARGIN - bounds.x}px, ${MARGIN - bounds.y}px) scale(1)`,
    },
  };
  const url =
    kind === 'svg'
      ? await toSvg(viewport, options)
      : await toPng(viewport, {
          ...options,
          pixelRatio: Math.min(2, MAX_CANVAS_SIDE / width, MAX_CANVAS_SIDE / height),
        });
  download(url, imageFileName(kind));
}
