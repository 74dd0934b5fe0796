import { MAX_HISTORY_STEPS, emptyHistory, record, redo, undo } from '../../src/cv/history';

describe('the builder’s undo history', () => {
  it('undoes and redoes step by step; a new change after an undo drops what could be redone', () => {
    let history = emptyHistory<string>();
    history = record(history, 'a');
    history = record(history, 'ab');
    const back = undo(history, 'abc')!;
    expect(back.state).toBe('ab');
    const again = undo(back.history, back.state)!;
    expect(again.state).toBe('a');
    expect(undo(again.history, again.state)).toBeUndefined();
    const forward = redo(again.history, again.state)!;
    expect(forward.state).toBe('ab');
    expect(record(forward.history, 'ab').future).toEqual([]);
  });

  it('keeps typing in one field as one step', () => {
    let history = emptyHistory<string>();
    history = record(history, '', 'field:name');
    history = record(history, 'A', 'field:name');
    history = record(history, 'Ad', 'field:name');
    expect(history.past).toEqual(['']);
    history = record(history, 'Ada', 'field:title');
    expect(history.past).toEqual(['', 'Ada']);
  });

  it(`keeps at least 50 steps (${MAX_HISTORY_STEPS})`, () => {
    let history = emptyHistory<number>();
    for (let i = 0; i < 150; i++) history = record(history, i);
    expect(history.past).toHaveLength(MAX_HISTORY_STEPS);
    let current = 150;
    for (let i = 0; i < 50; i++) {
      const step = undo(history, current)!;
      history = step.history;
      current = step.state;
    }
    expect(current).toBe(100);
  });
});
