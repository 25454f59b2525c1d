import { describe, expect, it } from 'vitest';
import { activityNames, isActive } from './instanceState.ts';

describe('instance state', () => {
  it('offers deletion until the instance has finished', () => {
    expect(isActive('running')).toBe(true);
    expect(isActive('suspended')).toBe(true);
    expect(isActive('completed')).toBe(false);
    expect(isActive('deleted')).toBe(false);
  });

  it('names the current activities, by id where the name is missing, and ignores anything else', () => {
    expect(activityNames([{ id: 'Review', name: '审批' }, { id: 'Sign' }, 'x', null])).toEqual([
      '审批',
      'Sign',
    ]);
    expect(activityNames(null)).toEqual([]);
  });
});
