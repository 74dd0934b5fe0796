import { act, render, screen, waitFor } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { StrictMode, useState } from 'react';
import { vi } from 'vitest';
import { RichTextEditor, holdsSameContent, htmlOf, isUsable } from '../../../src/ui/builder/rich-text-editor';
import { AppProvider } from '../../../src/ui/provider';

// Rich text as the server gives it back: sanitised, so written differently from what the editor serialises
// (list items without paragraphs, attributes in another order, no trailing empty paragraph).
const SERVER_HTML =
  '<p><strong>Led</strong> a team of <em>five</em></p><ul><li>Shipped the <a href="https://example.com/app">app</a></li><li>Cut costs</li></ul>';

vi.setConfig({ testTimeout: 20_000 });

function editorBox() {
  return screen.getByRole('textbox', { name: 'Responsibilities' });
}

function renderEditor(value: string, onValueChange = vi.fn(), strict = false) {
  let setValue: (next: string) => void = () => {};
  function Harness() {
    const [current, set] = useState(value);
    setValue = set;
    return <RichTextEditor id="rte" label="Responsibilities" value={current} onValueChange={onValueChange} />;
  }
  const tree = (
    <AppProvider>
      <Harness />
    </AppProvider>
  );
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...view, onValueChange, setValue: (next: string) => act(() => setValue(next)) };
}

describe('RichTextEditor with values that come from the server', () => {
  it('shows a sanitised value without reporting it back as an edit', async () => {
    const { onValueChange } = renderEditor(SERVER_HTML);
    await waitFor(() => expect(editorBox()).toHaveTextContent('Led a team of five'));
    expect(editorBox().querySelector('strong')).toHaveTextContent('Led');
    expect(editorBox().querySelectorAll('li')).toHaveLength(2);
    expect(editorBox().querySelector('a')).toHaveAttribute('href', 'https://example.com/app');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('survives StrictMode mounting it twice', async () => {
    const { onValueChange } = renderEditor(SERVER_HTML, vi.fn(), true);
    await waitFor(() => expect(editorBox()).toHaveTextContent('Cut costs'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByRole('textbox', { name: 'Responsibilities' })).toHaveLength(1);
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('replaces its content when the value changes from outside, without reporting an edit', async () => {
    const { onValueChange, setValue } = renderEditor(SERVER_HTML);
    await waitFor(() => expect(editorBox()).toHaveTextContent('Led a team'));
    setValue('<p>Another entry moved up</p>');
    await waitFor(() => expect(editorBox()).toHaveTextContent('Another entry moved up'));
    expect(editorBox()).not.toHaveTextContent('Led a team');
    setValue('');
    await waitFor(() => expect(editorBox()).toHaveTextContent(''));
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('reports what the person types, and keeps it when the value echoes back', async () => {
    const onValueChange = vi.fn();
    renderEditor('<p>Hello</p>', onValueChange);
    await waitFor(() => expect(editorBox()).toHaveTextContent('Hello'));
    // happy-dom cannot type into contenteditable; Tiptap hangs its editor on the element, as a person's typing would.
    const editor = (editorBox() as HTMLElement & { editor: Editor }).editor;
    act(() => void editor.chain().focus('end').insertContent(' world').run());
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('<p>Hello world</p>'));
    expect(editorBox()).toHaveTextContent('Hello world');
  });

  it('can be unmounted in the middle of an update', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { setValue, unmount } = renderEditor(SERVER_HTML);
    await waitFor(() => expect(editorBox()).toHaveTextContent('Led a team'));
    setValue('<p>Changed</p>');
    unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('the editor helpers', () => {
  function makeEditor(content: string) {
    return new Editor({ extensions: [StarterKit], content });
  }

  it('says a sanitised value holds the same content as the editor serialises', () => {
    const editor = makeEditor(SERVER_HTML);
    expect(htmlOf(editor)).not.toBe(SERVER_HTML);
    expect(holdsSameContent(editor, SERVER_HTML)).toBe(true);
    expect(holdsSameContent(editor, '<p>Something else</p>')).toBe(false);
    expect(holdsSameContent(makeEditor(''), '')).toBe(true);
    editor.destroy();
  });

  it('never reads a destroyed editor (getHTML would throw reading the schema)', () => {
    const editor = makeEditor(SERVER_HTML);
    expect(isUsable(editor)).toBe(true);
    editor.destroy();
    expect(isUsable(editor)).toBe(false);
    expect(() => editor.getHTML()).toThrow();
  });
});
