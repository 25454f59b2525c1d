import type { ActivityRef } from '../flowApi.ts';

/** How an instance's state is shown: a known state gets its colour and text, another one is shown as it comes. */
export const INSTANCE_STATES: Record<string, { color: string; text: string }> = {
  running: { color: 'processing', text: 'flow.follow.stateRunning' },
  active: { color: 'processing', text: 'flow.follow.stateRunning' },
  suspended: { color: 'orange', text: 'flow.follow.stateSuspended' },
  completed: { color: 'green', text: 'flow.follow.stateCompleted' },
  deleted: { color: 'default', text: 'flow.follow.stateDeleted' },
};

const FINISHED = new Set(['completed', 'deleted', 'terminated', 'ended', 'finished']);

/** An instance that has not finished can still be deleted; a finished one has nothing left to stop. */
export function isActive(state: string): boolean {
  return !FINISHED.has(state);
}

function isActivity(value: unknown): value is ActivityRef {
  return typeof value === 'object' && value !== null && typeof (value as ActivityRef).id === 'string';
}

/** The names of the activities an instance waits in (their ids where a name is missing), each once. */
export function activityNames(activities: unknown): string[] {
  const names = Array.isArray(activities)
    ? activities.filter(isActivity).map((activity) => activity.name || activity.id)
    : [];
  return [...new Set(names)];
}
