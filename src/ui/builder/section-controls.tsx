import { Field, HStack, IconButton, Input } from '@chakra-ui/react';
import { Eye, EyeOff, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/i18n';

/** The eye on a section card: hidden sections keep their values and are left out of every output. */
export function HideToggle({
  name,
  hidden,
  disabled,
  onToggle,
}: {
  name: string;
  hidden: boolean;
  disabled?: boolean;
  onToggle: () => void;
}) {
  const { t } = useT();
  // A toggle button keeps its name; 'pressed' says the section is hidden. A required section's eye stays
  // focusable (aria-disabled) so the keyboard and screen readers reach the reason, its description.
  return (
    <IconButton
      variant="ghost"
      size={{ base: 'lg', md: 'sm' }}
      aria-label={t('Hide {name} from the CV', { name })}
      title={
        disabled
          ? t('{name} is required and always shown', { name })
          : hidden
            ? t('Show {name} in the CV', { name })
            : t('Hide {name} from the CV', { name })
      }
      aria-pressed={hidden}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onToggle}
    >
      {hidden ? <EyeOff /> : <Eye />}
    </IconButton>
  );
}

/** 'Rename heading': the heading this section prints under in this CV; blank gives back the template's name. */
export function HeadingEditor({
  title,
  defaultTitle,
  onRename,
}: {
  title: string;
  defaultTitle: string;
  onRename: (title: string) => void;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(title);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editing) input.current?.select();
  }, [editing]);

  function finish(commit: boolean) {
    if (commit && text.trim() !== title) onRename(text);
    setEditing(false);
    queueMicrotask(() => button.current?.focus());
  }

  if (!editing) {
    return (
      <IconButton
        ref={button}
        variant="ghost"
        size={{ base: 'lg', md: 'sm' }}
        aria-label={t('Rename the heading {title}', { title })}
        title={t('Rename heading')}
        onClick={() => {
          setText(title);
          setEditing(true);
        }}
      >
        <Pencil />
      </IconButton>
    );
  }
  return (
    // On a phone the box takes a line of its own, below the heading and the buttons, instead of squeezing them.
    <HStack
      gap="1"
      flex={{ base: '1 0 100%', sm: '1' }}
      minW="12rem"
      order={{ base: 1, sm: 0 }}
      pb={{ base: '2', sm: '0' }}
    >
      <Field.Root>
        <Field.Label srOnly>{t('Heading of {title} in this CV', { title: defaultTitle })}</Field.Label>
        <Input
          ref={input}
          size="sm"
          value={text}
          placeholder={defaultTitle}
          maxLength={100}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              finish(true);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              finish(false);
            }
          }}
          onBlur={() => finish(true)}
        />
      </Field.Root>
    </HStack>
  );
}
