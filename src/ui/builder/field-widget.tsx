import { Checkbox, Field, Input, Skeleton, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Suspense, lazy, memo, useCallback } from 'react';
import type { InputField } from '../../api/templates';
import { SUMMARY_MIN_HEIGHT_PX } from '../../config/constants';
import { FIELD_COUNTER_FROM, MAX_FIELD_LENGTH } from '../../cv/problems';
import { formDataKey } from '../../cv/form-data';
import { parseCvDate } from '../../../rules/cv-date';
import { currentFieldOf, isEndDateField, startFieldOf } from '../../cv/cv-dates';
import { fieldProblem } from '../../cv/field-rules';
import { CHECKBOX_TICKED, isTicked, widgetKindOf } from '../../cv/widgets';
import type { SectionFormActor } from '../../machines/builder/section-form-machine';
import { MonthYearField } from './month-year-field';
import { PhoneInput } from './phone-input';
import { reportFieldRender } from './render-probe';
import { useT } from '../../i18n/i18n';
import { useCvTextAttributes } from './cv-language';

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
  const { t } = useT();
  const cvText = useCvTextAttributes();
  const key = formDataKey(field.name, field.id, entryIndex);
  const value = useSelector(form, (snapshot) => snapshot.context.values[key] ?? '');
  const change = useCallback(
    (next: string) => form.send({ type: 'field.change', key, value: next }),
    [form, key],
  );
  reportFieldRender(key);

  const id = `field-${form.id}-${key}`;
  const kind = widgetKindOf(field);
  // The template's words for the field (its label, its hint) in the interface's language.
  const label = t(field.widget_label);
  const hint = field.description ? t(field.description) : '';
  // An end date reads its entry's start date (it may not come before it) and the section's own 'Currently working
  // here' box (ticked, the end date is not printed).
  const section = useSelector(form, (snapshot) => snapshot.context.section);
  const isEnd = isEndDateField(field);
  const start = startFieldOf(section, field);
  const current = isEnd ? currentFieldOf(section) : undefined;
  const startValue = useSelector(form, (snapshot) =>
    start ? snapshot.context.values[formDataKey(start.name, start.id, entryIndex)] : undefined,
  );
  const endedByCurrent = useSelector(
    form,
    (snapshot) =>
      current !== undefined &&
      isTicked(snapshot.context.values[formDataKey(current.name, current.id, entryIndex)]),
  );
  // A value the field refuses (a number that cannot exist, an address that is not one) is said under the field; Save
  // brings the person here rather than have the server refuse it. A current entry's end date is not printed, so it
  // is not held against the start date either.
  const problem = fieldProblem(field, value, startValue, endedByCurrent);
  const describedBy = problem ? `${id}-problem` : undefined;
  const required = field.is_required || undefined;

  if (kind === 'checkbox') {
    return (
      <Field.Root>
        {/* The input's id goes through `ids`: the root label then points at the input it holds, so clicking the
            box or its text ticks it (an id set on the input alone left the label pointing nowhere). */}
        <Checkbox.Root
          ids={{ hiddenInput: id }}
          checked={isTicked(value)}
          onCheckedChange={(details) => change(details.checked === true ? CHECKBOX_TICKED : '')}
          minH="11"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {label}
            {field.is_required && <RequiredMark />}
          </Checkbox.Label>
        </Checkbox.Root>
        {hint && <Field.HelperText>{hint}</Field.HelperText>}
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
          {...cvText}
          value={value}
          maxLength={MAX_FIELD_LENGTH}
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
          maxLength={MAX_FIELD_LENGTH}
          onChange={onInput}
          aria-required={required}
          aria-invalid={problem !== undefined || undefined}
          aria-describedby={describedBy}
        />
      );
      break;
    case 'date':
      control = (
        <MonthYearField
          id={id}
          labelId={`${id}-label`}
          label={label}
          value={value}
          onValueChange={change}
          // A section with its own 'Currently working here' box offers no second 'Present', unless the end date already
          // says present (written by another client): then its box is there to untick.
          offersPresent={isEnd && (current === undefined || parseCvDate(value).kind === 'present')}
          endedByCurrent={endedByCurrent}
          required={field.is_required}
          invalid={problem !== undefined}
          describedBy={describedBy}
        />
      );
      break;
    case 'phone':
      control = (
        <PhoneInput
          id={id}
          value={value}
          onValueChange={change}
          required={field.is_required}
          invalid={problem !== undefined}
          describedBy={describedBy}
        />
      );
      break;
    case 'rich-text':
      control = (
        <Suspense fallback={<Skeleton width="full" height="36" borderRadius="l2" />}>
          <RichTextEditor id={id} label={label} value={value} onValueChange={change} lang={cvText.lang} />
        </Suspense>
      );
      break;
    default:
      control = (
        <Input
          id={id}
          {...cvText}
          value={value}
          maxLength={MAX_FIELD_LENGTH}
          onChange={onInput}
          aria-required={required}
          aria-invalid={problem !== undefined || undefined}
          aria-describedby={describedBy}
        />
      );
  }

  return (
    <Field.Root invalid={problem !== undefined}>
      <Field.Label
        htmlFor={id}
        id={`${id}-label`}
        // A label only focuses form controls by itself; the rich-text editor is an editable region.
        onClick={kind === 'rich-text' ? () => document.getElementById(id)?.focus() : undefined}
      >
        {label}
        {field.is_required && <RequiredMark />}
      </Field.Label>
      {control}
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      {problem && <Field.ErrorText id={`${id}-problem`}>{t(problem)}</Field.ErrorText>}
      <LengthCounter length={value.length} richText={kind === 'rich-text'} />
    </Field.Root>
  );
});

/**
 * The server keeps at most MAX_FIELD_LENGTH characters of a field: near the limit the field says how many it
 * holds, and past it (rich text counts its formatting too) what to do, before a save is refused.
 */
function LengthCounter({ length, richText }: { length: number; richText: boolean }) {
  const { t } = useT();
  if (length < MAX_FIELD_LENGTH * FIELD_COUNTER_FROM) return null;
  const over = length > MAX_FIELD_LENGTH;
  // The figures in the interface's language ('18,500' in English).
  const values = { length, max: MAX_FIELD_LENGTH };
  return (
    <Field.HelperText color={over ? 'fg.error' : 'fg.warning'} aria-live="polite">
      {over
        ? richText
          ? t(
              'Too long to save: {length, number} / {max, number} characters (formatting included). Please shorten it.',
              values,
            )
          : t('Too long to save: {length, number} / {max, number} characters. Please shorten it.', values)
        : richText
          ? t('{length, number} / {max, number} characters (formatting included)', values)
          : t('{length, number} / {max, number} characters', values)}
    </Field.HelperText>
  );
}

/** docs/behaviour.md#cv-builder: fields with is_required show an asterisk; nothing stops an empty one. */
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
