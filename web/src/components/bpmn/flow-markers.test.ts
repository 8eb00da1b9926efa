import { describe, expect, it } from 'vitest';
import { flowMarks } from './flow-markers';

const edges = [
  { id: 'f1', source: 'start', target: 'approve' },
  { id: 'f2', source: 'approve', target: 'hr' },
  { id: 'f3', source: 'approve', target: 'end' },
  { id: 'f4', source: 'hr', target: 'end' },
];

describe('flow diagram marks (spec §4)', () => {
  it('marks finished nodes, the running node and the flows between visited nodes; leaves the rest alone', () => {
    const marks = flowMarks(
      [
        { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-11-24 10:00:00' },
        { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: '2026-11-24 10:05:00' },
        { historyActivityId: 'hr', historyActivityType: 'userTask', endTime: '' },
      ],
      edges,
    );
    expect(Object.fromEntries(marks)).toEqual({ start: 'finished', approve: 'finished', hr: 'running', f1: 'taken', f2: 'taken' });
  });

  it('uses the sequence flows the server lists instead of guessing, and never marks candidates', () => {
    const marks = flowMarks(
      [
        { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2026-11-24 10:00:00' },
        { historyActivityId: 'f1', historyActivityType: 'sequenceFlow', endTime: '2026-11-24 10:00:00' },
        { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: '' },
        { historyActivityId: 'hr', historyActivityType: 'candidate', endTime: '' },
      ],
      edges,
    );
    expect(Object.fromEntries(marks)).toEqual({ start: 'finished', f1: 'taken', approve: 'running' });
  });

  it('keeps a node running while any of its visits is open (a task sent back and reopened)', () => {
    const marks = flowMarks(
      [
        { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: '' },
        { historyActivityId: 'approve', historyActivityType: 'userTask', endTime: '2026-11-24 10:05:00' },
      ],
      [],
    );
    expect(marks.get('approve')).toBe('running');
  });
});
