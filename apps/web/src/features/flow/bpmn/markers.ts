import type { ModelView } from '../flowApi.ts';

/** Canvas marker classes of the read-only diagram (styled in bpmn.css). */
export const MARKER = {
  done: 'flow-marker-done',
  taken: 'flow-marker-taken',
  current: 'flow-marker-current',
} as const;

export type MarkerClass = (typeof MARKER)[keyof typeof MARKER];

/**
 * One marker per element of the path an instance took: completed activities and taken sequence flows in the
 * "done" colour, the activities it waits in now highlighted. An activity both completed and current (a loop that
 * came back to it) shows as current, since that is where the instance is.
 */
export function pathMarkers(
  view: Pick<ModelView, 'completed' | 'current' | 'flows'>,
): Map<string, MarkerClass> {
  const markers = new Map<string, MarkerClass>();
  for (const id of view.completed ?? []) {
    markers.set(id, MARKER.done);
  }
  for (const id of view.flows ?? []) {
    markers.set(id, MARKER.taken);
  }
  for (const id of view.current ?? []) {
    markers.set(id, MARKER.current);
  }
  return markers;
}
