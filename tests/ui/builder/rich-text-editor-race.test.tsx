import { act, render, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import type * as TiptapReact from '@tiptap/react';
import { AppProvider } from '../../../src/ui/provider';

// The crash of a saved CV's rich text (Cannot read properties of null (reading 'cached')): `useEditor` destroys an
// editor whose component has not run its effects 1 ms after the render that created it, and a slow commit (a big
// section, a lazy chunk arriving) lets that happen before the widget's effect reads the editor. Here the clock
// moves on inside the first render, so Tiptap's own timer destroys the first editor before any effect runs.
vi.mock('@tiptap/react', async (importOriginal) => {
  const actual = await importOriginal<typeof TiptapReact>();
  let first = true;
  return {
    ...actual,
    useEditor: (...args: Parameters<typeof actual.useEditor>) => {
      const editor = actual.useEditor(...args);
      if (first) {
        first = false;
        vi.advanceTimersByTime(5);
      }
      return editor;
    },
  };
});

const { RichTextEditor } = await import('../../../src/ui/builder/rich-text-editor');

it('shows a saved value when its first editor is destroyed before the effect runs', async () => {
  const onValueChange = vi.fn();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  render(
    <AppProvider>
      <RichTextEditor
        id="rte"
        label="Responsibilities"
        value="<p><strong>Led</strong> a team</p><ul><li>Shipped</li></ul>"
        onValueChange={onValueChange}
      />
    </AppProvider>,
  );
  vi.useRealTimers();
  await waitFor(() =>
    expect(screen.getByRole('textbox', { name: 'Responsibilities' })).toHaveTextContent('Led a team'),
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(screen.getByRole('textbox', { name: 'Responsibilities' })).toHaveTextContent('Shipped');
  expect(onValueChange).not.toHaveBeenCalled();
});
