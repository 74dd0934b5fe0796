import { Checkbox, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { MONTH_NAMES, PRESENT_VALUE, offeredYears, picksOf, valueOfPicks } from '../../cv/cv-dates';
import { useT } from '../../i18n/i18n';

export interface MonthYearFieldProps {
  /** The month picker's id: the field's label points at it. */
  id: string;
  /** The id of the field's visible label: it names the pair. */
  labelId: string;
  /** The field's label in words ('Start Date'): each picker is named by it and its own word, 'Start Date Month'. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** An end date in a section without its own 'Currently working here' box: it offers 'Present'. */
  offersPresent: boolean;
  /** The section's own 'Currently working here' box is ticked: the end date is not printed, so not asked. */
  endedByCurrent?: boolean;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A date as a CV prints it: a month and a year, picked from two lists that work alike in every browser and on a
 * phone (`<input type="month">` does not exist in Safari or Firefox on a desktop). The month may stay empty for a
 * year alone. An end date may be 'Present' instead.
 */
/** Languages that write a date year first, whose pickers come year first. */
const YEAR_FIRST = new Set(['ja']);

export function MonthYearField({
  id,
  labelId,
  label,
  value,
  onValueChange,
  offersPresent,
  endedByCurrent = false,
  required,
  invalid,
  describedBy,
}: MonthYearFieldProps) {
  const { t, language } = useT();
  const yearFirst = YEAR_FIRST.has(language);
  const picks = picksOf(value);
  // A month picked before its year is no date yet: it stays on screen, and is stored once the year is picked.
  const [pendingMonth, setPendingMonth] = useState('');
  // What the end date was before 'Present' was ticked, so unticking gives it back.
  const beforePresent = useRef('');
  const month = picks.year === '' ? pendingMonth : picks.month;
  const year = picks.year;
  const disabled = picks.present || endedByCurrent;
  const years = offeredYears(new Date(), year === '' ? undefined : Number(year));

  const pickMonth = (next: string) => {
    setPendingMonth(next);
    if (year !== '') onValueChange(valueOfPicks(next, year));
  };
  const pickYear = (next: string) => {
    if (next === '') setPendingMonth(month);
    onValueChange(valueOfPicks(month, next));
  };
  const togglePresent = (ticked: boolean) => {
    if (ticked) {
      beforePresent.current = picks.present ? '' : value;
      onValueChange(PRESENT_VALUE);
    } else {
      onValueChange(beforePresent.current);
    }
  };

  const monthField = (
    <Field.Root key="month" gap="1" flex="1" minW="0" disabled={disabled} invalid={invalid}>
      <Text as="span" aria-hidden="true" fontSize="xs" color="fg.muted">
        {t('Month')}
      </Text>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          id={id}
          value={month}
          // Each list carries a name of its own ('Start Date Month'), one that does not hang on other elements'
          // ids being found: a new user's screen reader named the Year list by its visible word alone.
          aria-label={t('{label} Month', { label })}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => pickMonth(event.currentTarget.value)}
        >
          <option value="">{t('No month')}</option>
          {MONTH_NAMES.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {t(name)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
  // Wide enough for a four-digit year whatever the month names take: a narrow column gives room to the month.
  const yearField = (
    <Field.Root key="year" gap="1" flex="0 0 7rem" disabled={disabled} invalid={invalid}>
      <Text as="span" aria-hidden="true" fontSize="xs" color="fg.muted">
        {t('Year')}
      </Text>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          id={`${id}-year`}
          value={year}
          aria-label={t('{label} Year', { label })}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => pickYear(event.currentTarget.value)}
        >
          <option value="">{t('Year')}</option>
          {years.map((option) => (
            <option key={option} value={String(option)}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Stack gap="2">
      <HStack gap="2" align="end" role="group" aria-labelledby={labelId}>
        {/* Each list is a field of its own: Chakra's select takes 'disabled' and 'invalid' from its field. Japanese
            writes the year first (2020年3月), and so picks it first. */}
        {yearFirst ? [yearField, monthField] : [monthField, yearField]}
      </HStack>
      {picks.unreadable !== undefined && (
        <Text fontSize="sm" color="fg.muted">
          {t('Saved as ‘{value}’ until you pick a month and year.', { value: picks.unreadable })}
        </Text>
      )}
      {offersPresent && (
        <Checkbox.Root
          ids={{ hiddenInput: `${id}-present` }}
          checked={picks.present}
          onCheckedChange={(details) => togglePresent(details.checked === true)}
          minH="11"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('Present')}</Checkbox.Label>
        </Checkbox.Root>
      )}
    </Stack>
  );
}
