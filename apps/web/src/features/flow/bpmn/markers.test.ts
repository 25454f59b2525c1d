import { describe, expect, it } from 'vitest';
import { MARKER, pathMarkers } from './markers.ts';

describe('the path an instance took', () => {
  it('marks completed activities and taken flows as done and the waiting ones as current', () => {
    const markers = pathMarkers({
      completed: ['StartEvent_1', 'Review'],
      flows: ['Flow_1', 'Flow_2'],
      current: ['Approve'],
    });
    expect(Object.fromEntries(markers)).toEqual({
      StartEvent_1: MARKER.done,
      Review: MARKER.done,
      Flow_1: MARKER.taken,
      Flow_2: MARKER.taken,
      Approve: MARKER.current,
    });
  });

  it('shows an activity the instance came back to (a loop) as current', () => {
    const markers = pathMarkers({ completed: ['Review'], flows: [], current: ['Review'] });
    expect(markers.get('Review')).toBe(MARKER.current);
  });

  it('has nothing to mark for a definition without an instance', () => {
    expect(pathMarkers({ completed: [], flows: [], current: [] }).size).toBe(0);
  });
});
