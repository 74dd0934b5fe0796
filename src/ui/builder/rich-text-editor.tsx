import { Box, Button, Group, HStack, IconButton, Input } from '@chakra-ui/react';
import Link from '@tiptap/extension-link';
import type { Schema } from '@tiptap/pm/model';
import { EditorContent, createDocument, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { pageNonce } from '../csp-nonce';
import { useT } from '../../i18n/i18n';

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (html: string) => void;
  /** The CV's language, for the browser's spell checker. */
  lang?: string;
}

// Only what the server's rich-text allowlist keeps (p, br, strong, em, u, ul, ol, li, a): headings, code,
// quotes and rules are switched off so nothing typed disappears on the way to the PDF.
const extensions = [
  StarterKit.configure({
    heading: false,
    code: false,
    codeBlock: false,
    blockquote: false,
    horizontalRule: false,
    strike: false,
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    protocols: ['http', 'https', 'mailto'],
  }),
];

const EMPTY_DOCUMENT = '<p></p>';

/**
 * Tiptap empties an editor it destroys (its schema and managers become null) and `useEditor` can hand out an
 * editor that was destroyed between render and effect (StrictMode's double mount, a slow commit, a lazy chunk):
 * nothing may be read from or written to such an editor. One that is not mounted yet is fine.
 */
export function isUsable(editor: Editor | null): editor is Editor {
  return editor !== null && (editor.schema as Schema | null) !== null;
}

export function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * Whether `html` says what the editor already holds. The server sanitises rich text, so a saved value comes back
 * written differently from what the editor serialises (`<li>a</li>` for `<li><p>a</p></li>`): the same
 * document either way, and replacing the content would move the caret and report a change nobody made.
 */
export function holdsSameContent(editor: Editor, html: string): boolean {
  if (html.trim() === '') return editor.isEmpty;
  try {
    return editor.state.doc.eq(createDocument(html, editor.schema, editor.options.parseOptions));
  } catch {
    return false;
  }
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useT();
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');

  const applyLink = () => {
    const target = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (target === '') chain.unsetLink().run();
    else chain.setLink({ href: /^(https?:|mailto:)/i.test(target) ? target : `https://${target}` }).run();
    setLinkOpen(false);
  };

  const tool = (name: string, pressed: boolean, icon: React.ReactNode, run: () => void) => (
    <IconButton
      size="xs"
      variant={pressed ? 'subtle' : 'ghost'}
      aria-label={name}
      aria-pressed={pressed}
      title={name}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      {icon}
    </IconButton>
  );

  return (
    <Box borderBottomWidth="1px" px="1.5" py="1">
      <HStack gap="0.5" role="toolbar" aria-label={t('{label} formatting', { label })}>
        {tool(t('Bold'), active.bold, <Bold />, () => editor.chain().focus().toggleBold().run())}
        {tool(t('Italic'), active.italic, <Italic />, () => editor.chain().focus().toggleItalic().run())}
        {tool(t('Bulleted list'), active.bulletList, <List />, () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool(t('Numbered list'), active.orderedList, <ListOrdered />, () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool(t('Link'), active.link || linkOpen, <Link2 />, () => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? '');
          setLinkOpen((open) => !open);
        })}
      </HStack>
      {linkOpen && (
        <Group attached width="full" mt="1">
          <Input
            size="xs"
            aria-label={t('Link address')}
            // i18n-ignore: an address, the same in every language
            placeholder="https://example.com"
            value={href}
            autoFocus
            onChange={(event) => setHref(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                setLinkOpen(false);
              }
            }}
          />
          <Button size="xs" variant="outline" onClick={applyLink}>
            {href.trim() === '' ? t('Remove link') : t('Apply')}
          </Button>
        </Group>
      )}
    </Box>
  );
}

/** docs/behaviour.md#cv-builder: bold, italic, lists and links; the HTML goes to the server, which sanitises it. */
export const RichTextEditor = memo(function RichTextEditor({
  id,
  label,
  value,
  onValueChange,
  lang,
}: RichTextEditorProps) {
  const onChange = useRef(onValueChange);
  onChange.current = onValueChange;
  // The value the editor's content stands for: the last one it reported, or the last one it was given.
  const shownValue = useRef(value);
  const editor = useEditor({
    extensions,
    content: value === '' ? EMPTY_DOCUMENT : value,
    shouldRerenderOnTransaction: false,
    // Tiptap's own base styles go in a <style> that must carry the page's nonce (src/ui/csp-nonce.ts).
    injectNonce: pageNonce(),
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'cv-rich-text',
        // The CV's language, for the browser's spell checker (./cv-language.ts).
        spellcheck: 'true',
        ...(lang ? { lang } : {}),
      },
    },
    onUpdate: ({ editor: current }) => {
      if (!isUsable(current)) return;
      const html = htmlOf(current);
      shownValue.current = html;
      onChange.current(html);
    },
  });

  // A value that changes from outside (an entry removed above this one, a draft restored) replaces the content,
  // unless it only says the same thing in other words. A new editor starts from the current value by itself.
  useEffect(() => {
    if (!isUsable(editor) || value === shownValue.current) return;
    shownValue.current = value;
    if (!holdsSameContent(editor, value))
      editor.commands.setContent(value === '' ? EMPTY_DOCUMENT : value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Box
      width="full"
      borderWidth="1px"
      borderRadius="l2"
      bg="bg"
      _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-1px' }}
      css={{
        '& .cv-rich-text': { minHeight: '28', px: '3', py: '2', outline: 'none', textStyle: 'sm' },
        '& .cv-rich-text p': { marginBlock: '1' },
        '& .cv-rich-text ul': { listStyleType: 'disc', paddingInlineStart: '5' },
        '& .cv-rich-text ol': { listStyleType: 'decimal', paddingInlineStart: '5' },
        '& .cv-rich-text a': { color: 'colorPalette.fg', textDecoration: 'underline' },
      }}
    >
      {isUsable(editor) && <Toolbar editor={editor} label={label} />}
      <EditorContent editor={isUsable(editor) ? editor : null} />
    </Box>
  );
});
