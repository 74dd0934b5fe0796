import {
  Badge,
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  chakra,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Plus, Trash2 } from 'lucide-react';
import { Suspense, lazy, memo, type ReactNode } from 'react';
import { MAX_CUSTOM_ENTRY_TEXT_LENGTH, MAX_SECTION_TITLE_LENGTH } from '../../../rules/cv';
import { msg } from '../../../rules/languages';
import { useT } from '../../i18n/i18n';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import {
  customSectionTitle,
  isHidden,
  NEW_CUSTOM_SECTION_TITLE,
  type CustomEntryField,
} from '../../cv/layout';
import { MonthYearField } from './month-year-field';
import { HideToggle } from './section-controls';
import { EntryGroup, EntryList, SectionToggle } from './section-card-parts';

const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

const TEXT_FIELDS: Array<{ field: 'title' | 'subtitle' | 'location'; label: string }> = [
  { field: 'title', label: msg('Title') },
  { field: 'subtitle', label: msg('Subtitle') },
  { field: 'location', label: msg('Location') },
];
const DATE_FIELDS: Array<{ field: 'start_date' | 'end_date'; label: string }> = [
  { field: 'start_date', label: msg('Start date') },
  { field: 'end_date', label: msg('End date') },
];

/** The id of a section of the CV's own's delete button: the focus comes back to it when its removal is cancelled. */
export const customDeleteId = (key: string) => `custom-${key}-delete`;

/**
 * A section of the CV's own: its title and dated entries (title, subtitle, location, dates, 'current'
 * and a rich-text description), printed in every template as the template prints its entries.
 */
export const CustomSectionCard = memo(function CustomSectionCard({
  builder,
  sectionKey,
  handle,
  position,
}: {
  builder: BuilderActor;
  sectionKey: string;
  handle?: ReactNode;
  position: number;
}) {
  const { t } = useT();
  const section = useSelector(builder, (snapshot) =>
    snapshot.context.layout.custom_sections.find((candidate) => candidate.key === sectionKey),
  );
  const expanded = useSelector(builder, (snapshot) => snapshot.context.expandedCustom.includes(sectionKey));
  const hidden = useSelector(builder, (snapshot) => isHidden(snapshot.context.layout, sectionKey));
  if (!section) return null;
  // Its title is the person's own; while it has none, the interface's words for 'Custom Section'.
  const title = section.title.trim() === '' ? t(NEW_CUSTOM_SECTION_TITLE) : customSectionTitle(section);
  const headerId = `custom-${sectionKey}-header`;
  const bodyId = `custom-${sectionKey}-body`;
  const addId = `custom-${sectionKey}-add`;
  const change = (index: number, field: CustomEntryField, value: string | boolean) =>
    builder.send({ type: 'custom.entryChange', key: sectionKey, index, field, value });

  return (
    <Card.Root
      variant="outline"
      size="sm"
      data-testid="section-card"
      data-section={title}
      data-custom
      data-hidden={hidden || undefined}
      bg={hidden ? 'bg.subtle' : undefined}
    >
      <HStack gap="1" pe="2" ps={handle ? '1' : '0'} align="center" flexWrap="wrap">
        {handle}
        <SectionToggle
          id={headerId}
          bodyId={bodyId}
          expanded={expanded}
          onToggle={() => builder.send({ type: 'custom.toggle', key: sectionKey })}
          marker={position}
        >
          <chakra.span display="flex" alignItems="center" gap="2" flex="1" minW="0" flexWrap="wrap">
            <chakra.span fontWeight="semibold" wordBreak="break-word">
              {title}
            </chakra.span>
            <Badge colorPalette="blue" variant="subtle" size="sm">
              {t('Your section')}
            </Badge>
            {hidden && (
              <Badge colorPalette="gray" variant="outline" size="sm">
                {t('Hidden')}
              </Badge>
            )}
          </chakra.span>
        </SectionToggle>
        <HStack gap="1" ms="auto">
          <HideToggle
            name={title}
            hidden={hidden}
            onToggle={() => builder.send({ type: 'layout.toggleHidden', ref: sectionKey })}
          />
          <IconButton
            variant="ghost"
            size={{ base: 'lg', md: 'sm' }}
            colorPalette="red"
            id={customDeleteId(sectionKey)}
            aria-label={t('Delete the section {title}', { title })}
            title={t('Delete section')}
            onClick={() => builder.send({ type: 'custom.remove', key: sectionKey })}
          >
            <Trash2 />
          </IconButton>
        </HStack>
      </HStack>

      {expanded && (
        <Card.Body id={bodyId} role="region" aria-labelledby={headerId} pt="1">
          <Stack gap="5">
            <Field.Root>
              <Field.Label>{t('Section title')}</Field.Label>
              <Input
                value={section.title}
                placeholder={t(NEW_CUSTOM_SECTION_TITLE)}
                maxLength={MAX_SECTION_TITLE_LENGTH}
                onChange={(event) =>
                  builder.send({ type: 'custom.rename', key: sectionKey, title: event.currentTarget.value })
                }
              />
            </Field.Root>
            <EntryList
              idPrefix={sectionKey}
              count={section.entries.length}
              labelOf={(index) => t('{title} entry {number}', { title, number: index + 1 })}
              onMove={(from, to) => builder.send({ type: 'custom.entryMove', key: sectionKey, from, to })}
            >
              {(index, entryHandle) => {
                const entry = section.entries[index]!;
                const id = (field: string) => `custom-${sectionKey}-${index}-${field}`;
                return (
                  <EntryGroup
                    index={index}
                    label={t('{title} entry {number}', { title, number: index + 1 })}
                    handle={section.entries.length > 1 && entryHandle}
                    numbered
                    remove={{
                      label: t('Remove {title} entry {number}', { title, number: index + 1 }),
                      title: t('Remove entry'),
                      onRemove: () => builder.send({ type: 'custom.entryRemove', key: sectionKey, index }),
                    }}
                    returnFocusTo={addId}
                  >
                    {TEXT_FIELDS.map(({ field, label }) => (
                      <Field.Root key={field}>
                        <Field.Label htmlFor={id(field)}>{t(label)}</Field.Label>
                        <Input
                          id={id(field)}
                          value={entry[field] ?? ''}
                          maxLength={MAX_CUSTOM_ENTRY_TEXT_LENGTH}
                          onChange={(event) => change(index, field, event.currentTarget.value)}
                        />
                      </Field.Root>
                    ))}
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                      {DATE_FIELDS.map(({ field, label }) => (
                        <Field.Root key={field}>
                          <Field.Label htmlFor={id(field)} id={`${id(field)}-label`}>
                            {t(label)}
                          </Field.Label>
                          <MonthYearField
                            id={id(field)}
                            labelId={`${id(field)}-label`}
                            label={t(label)}
                            value={entry[field] ?? ''}
                            onValueChange={(value) => change(index, field, value)}
                            // The entry's own 'Current' box below is its 'Present'.
                            offersPresent={false}
                            endedByCurrent={field === 'end_date' && entry.current === true}
                          />
                        </Field.Root>
                      ))}
                    </SimpleGrid>
                    <Checkbox.Root
                      ids={{ hiddenInput: id('current') }}
                      checked={entry.current === true}
                      onCheckedChange={(details) => change(index, 'current', details.checked === true)}
                      minH="11"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {t("Current (prints 'Present' instead of the end date)")}
                      </Checkbox.Label>
                    </Checkbox.Root>
                    <Field.Root>
                      <Field.Label
                        htmlFor={id('description')}
                        onClick={() => document.getElementById(id('description'))?.focus()}
                      >
                        {t('Description')}
                      </Field.Label>
                      <Suspense fallback={<Skeleton width="full" height="36" borderRadius="l2" />}>
                        <RichTextEditor
                          id={id('description')}
                          label={t('Description')}
                          value={entry.description ?? ''}
                          onValueChange={(html) => change(index, 'description', html)}
                        />
                      </Suspense>
                    </Field.Root>
                  </EntryGroup>
                );
              }}
            </EntryList>
            <Button
              id={addId}
              type="button"
              variant="outline"
              size="sm"
              alignSelf="flex-start"
              onClick={() => builder.send({ type: 'custom.entryAdd', key: sectionKey })}
            >
              <Plus /> {t('Add Another {title}', { title })}
            </Button>
          </Stack>
        </Card.Body>
      )}
    </Card.Root>
  );
});
