import { Checkbox, Field, Input, Skeleton, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Suspense, lazy, memo, useCallback } from 'react';
import type { InputField } from '../../api/templates';
import { SUMMARY_MIN_HEIGHT_PX } from '../../config/constants';
import { formDataKey } from '../../machines/builder/form-data';
import { CHECKBOX_TICKED, isTicked, widgetKindOf } from '../../machines/builder/widgets';
import type { SectionFormActor } from '../../machines/section-form-machine';
import { PhoneInput } from './phone-input';
import { reportFieldRender } from './render-probe';

// The editor (Tiptap, ProseMirror) is most of the builder's weight: it arrives in its own chunk, which the builder
// page starts fetching as soon as it shows (see builder-page.tsx), so the first section is usable sooner.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

export interface FieldWidgetProps {
  form: SectionFormActor;
  field: InputField;
  entryIndex: number;
}

/**
 * One input field of one entry. It reads only its own value from the section form, so typing a character
 * re-renders this field and nothing else.
 */
export const FieldWidget = memo(function FieldWidget({ form, field, entryIndex }: FieldWidgetProps) {
  const key = formDataKey(field.name, field.id, entryIndex);
  const value = useSelector(form, (snapshot) => snapshot.context.values[key] ?? '');
  const change = useCallback(
    (next: string) => form.send({ type: 'field.change', key, value: next }),
    [form, key],
  );
  reportFieldRender(key);

  const id = `field-${form.id}-${key}`;
  const kind = widgetKindOf(field);
  const required = field.is_required || undefined;

  if (kind === 'checkbox') {
    return (
      <Field.Root>
        <Checkbox.Root
          checked={isTicked(value)}
          onCheckedChange={(details) => change(details.checked === true ? CHECKBOX_TICKED : '')}
        >
          <Checkbox.HiddenInput id={id} />
          <Checkbox.Control />
          <Checkbox.Label>
            {field.widget_label}
            {field.is_required && <RequiredMark />}
          </Checkbox.Label>
        </Checkbox.Root>
        {field.description && <Field.HelperText>{field.description}</Field.HelperText>}
      </Field.Root>
    );
  }

  let control: React.ReactNode;
  const onInput = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    change(event.currentTarget.value);
  switch (kind) {
    case 'long-text':
      control = (
        <Textarea
          id={id}
          value={value}
          onChange={onInput}
          autoresize
          minH={`${SUMMARY_MIN_HEIGHT_PX}px`}
          aria-required={required}
        />
      );
      break;
    case 'email':
      control = (
        <Input
          id={id}
          type="email"
          autoComplete="email"
          value={value}
          onChange={onInput}
          aria-required={required}
        />
      );
      break;
    case 'date':
      control = <Input id={id} type="date" value={value} onChange={onInput} aria-required={required} />;
      break;
    case 'phone':
      control = <PhoneInput id={id} value={value} onValueChange={change} required={field.is_required} />;
      break;
    case 'rich-text':
      control = (
        <Suspense fallback={<Skeleton width="full" height="36" borderRadius="l2" />}>
          <RichTextEditor id={id} label={field.widget_label} value={value} onValueChange={change} />
        </Suspense>
      );
      break;
    default:
      control = <Input id={id} value={value} onChange={onInput} aria-required={required} />;
  }

  return (
    <Field.Root>
      <Field.Label htmlFor={id} id={`${id}-label`}>
        {field.widget_label}
        {field.is_required && <RequiredMark />}
      </Field.Label>
      {control}
      {field.description && <Field.HelperText>{field.description}</Field.HelperText>}
    </Field.Root>
  );
});

/** spec §2: fields with is_required show an asterisk; nothing stops an empty one (spec §5). */
function RequiredMark() {
  return (
    <span
      aria-hidden="true"
      style={{ color: 'var(--chakra-colors-fg-error)', marginInlineStart: '0.125rem' }}
    >
      *
    </span>
  );
}
