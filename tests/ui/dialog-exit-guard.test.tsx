import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_EXIT_LIMIT_MS, useDialogExitGuard } from '../../src/ui/return-focus';

let exitComplete: () => void = () => {};

/** Renders the guard's key, as a dialog's root would take it, beside the button the focus goes back to. */
function Probe({ open }: { open: boolean }) {
  const guard = useDialogExitGuard(open, 'opener');
  exitComplete = guard.onExitComplete;
  return (
    <>
      <button id="opener">Save CV</button>
      <output data-testid="generation">{guard.key}</output>
    </>
  );
}

describe('useDialogExitGuard (a closed dialog whose exit animation end was missed)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('mounts the dialog afresh once its exit must be over, and gives the focus back to its opener', () => {
    const view = render(<Probe open />);
    view.rerender(<Probe open={false} />);
    act(() => vi.advanceTimersByTime(DIALOG_EXIT_LIMIT_MS - 1));
    expect(view.getByTestId('generation').textContent).toBe('0');
    act(() => vi.advanceTimersByTime(1));
    expect(view.getByTestId('generation').textContent).toBe('1');
    act(() => vi.advanceTimersByTime(50));
    expect(document.activeElement?.id).toBe('opener');
  });

  it('leaves alone a dialog that left the page in time', () => {
    const view = render(<Probe open />);
    view.rerender(<Probe open={false} />);
    act(() => exitComplete());
    act(() => vi.advanceTimersByTime(DIALOG_EXIT_LIMIT_MS * 2));
    expect(view.getByTestId('generation').textContent).toBe('0');
  });

  it('does nothing for a dialog that was never opened, nor while one stays open', () => {
    const view = render(<Probe open={false} />);
    act(() => vi.advanceTimersByTime(DIALOG_EXIT_LIMIT_MS * 2));
    expect(view.getByTestId('generation').textContent).toBe('0');
    view.rerender(<Probe open />);
    act(() => vi.advanceTimersByTime(DIALOG_EXIT_LIMIT_MS * 2));
    expect(view.getByTestId('generation').textContent).toBe('0');
  });
});
