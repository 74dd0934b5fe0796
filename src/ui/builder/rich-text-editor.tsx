import { Box, Button, Group, HStack, IconButton, Input } from '@chakra-ui/react';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, Link2, List, ListOrdered } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (html: string) => void;
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

function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
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
      <HStack gap="0.5" role="toolbar" aria-label={`${label} formatting`}>
        {tool('Bold', active.bold, <Bold />, () => editor.chain().focus().toggleBold().run())}
        {tool('Italic', active.italic, <Italic />, () => editor.chain().focus().toggleItalic().run())}
        {tool('Bulleted list', active.bulletList, <List />, () =>
          editor.chain().focus().toggleBulletList().run(),
        )}
        {tool('Numbered list', active.orderedList, <ListOrdered />, () =>
          editor.chain().focus().toggleOrderedList().run(),
        )}
        {tool('Link', active.link || linkOpen, <Link2 />, () => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? '');
          setLinkOpen((open) => !open);
        })}
      </HStack>
      {linkOpen && (
        <Group attached width="full" mt="1">
          <Input
            size="xs"
            aria-label="Link address"
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
            {href.trim() === '' ? 'Remove link' : 'Apply'}
          </Button>
        </Group>
      )}
    </Box>
  );
}

/** spec §2 richtext-input: bold, italic, lists and links; the HTML goes to the server, which sanitises it. */
export const RichTextEditor = memo(function RichTextEditor({
  id,
  label,
  value,
  onValueChange,
}: RichTextEditorProps) {
  const onChange = useRef(onValueChange);
  onChange.current = onValueChange;
  const editor = useEditor({
    extensions,
    content: value === '' ? EMPTY_DOCUMENT : value,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'cv-rich-text',
      },
    },
    onUpdate: ({ editor: current }) => onChange.current(htmlOf(current)),
  });

  // A value that changes from outside (an entry removed above this one) replaces the content.
  useEffect(() => {
    if (editor && value !== htmlOf(editor))
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
      {editor && <Toolbar editor={editor} label={label} />}
      <EditorContent editor={editor} />
    </Box>
  );
});
