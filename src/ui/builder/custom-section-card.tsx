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
  Text,
  chakra,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, Plus, Trash2 } from 'lucide-react';
import { Suspense, lazy, memo, type ReactNode } from 'react';
import { MAX_CUSTOM_ENTRY_TEXT_LENGTH, MAX_SECTION_TITLE_LENGTH } from '../../../rules/cv';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import {
  customSectionTitle,
  isHidden,
  NEW_CUSTOM_SECTION_TITLE,
  type CustomEntryField,
} from '../../machines/builder/layout';
import { focusAfterRemoval } from '../return-focus';
import { HideToggle } from './section-controls';
import { SortableList } from './sortable-list';

const RichTextEditor = lazy(() =>
  import('./rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

const TEXT_FIELDS: Array<{ field: 'title' | 'subtitle' | 'location'; label: string }> = [
  { field: 'title', label: 'Title' },
  { field: 'subtitle', label: 'Subtitle' },
  { field: 'location', label: 'Location' },
];
const DATE_FIELDS: Array<{ field: 'start_date' | 'end_date'; label: string }> = [
  { field: 'start_date', label: 'Start date' },
  { field: 'end_date', label: 'End date' },
];

/** The id of a section of the CV's own's delete button: the focus comes back to it when its removal is cancelled. */
export const customDeleteId = (key: string) => `custom-${key}-delete`;

/**
 * A section of the CV's own (issue 12): its title and dated entries (title, subtitle, location, dates, 'current'
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
  const section = useSelector(builder, (snapshot) =>
    snapshot.context.layout.custom_sections.find((candidate) => candidate.key === sectionKey),
  );
  const expanded = useSelector(builder, (snapshot) => snapshot.context.expandedCustom.includes(sectionKey));
  const hidden = useSelector(builder, (snapshot) => isHidden(snapshot.context.layout, sectionKey));
  if (!section) return null;
  const title = customSectionTitle(section);
  const headerId = `custom-${sectionKey}-header`;
  const bodyId = `custom-${sectionKey}-body`;
  const addId = `custom-${sectionKey}-add`;
  const entryIndexes = section.entries.map((_, index) => index);
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
      <HStack gap="1" pe="2" ps={handle ? '1' : '0'} align="center">
        {handle}
        <chakra.h2 m="0" textStyle="md" fontWeight="normal" flex="1" minW="0">
          <chakra.button
            id={headerId}
            type="button"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => builder.send({ type: 'custom.toggle', key: sectionKey })}
            display="flex"
            alignItems="center"
            gap="3"
            width="full"
            textAlign="start"
            px="4"
            py="3"
            borderRadius="l3"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
          >
            <chakra.span
              display="flex"
              boxSize="7"
              flexShrink={0}
              alignItems="center"
              justifyContent="center"
              borderRadius="full"
              bg="bg.muted"
              color="fg.muted"
              textStyle="sm"
              fontWeight="semibold"
              aria-hidden="true"
            >
              {position}
            </chakra.span>
            <chakra.span display="flex" alignItems="center" gap="2" flex="1" minW="0" flexWrap="wrap">
              <chakra.span fontWeight="semibold" wordBreak="break-word">
                {title}
              </chakra.span>
              <Badge colorPalette="blue" variant="subtle" size="sm">
                Your section
              </Badge>
              {hidden && (
                <Badge colorPalette="gray" variant="outline" size="sm">
                  Hidden
                </Badge>
              )}
            </chakra.span>
            <chakra.span
              color="fg.muted"
              transform={expanded ? 'rotate(180deg)' : undefined}
              transition="transform 0.15s"
            >
              <ChevronDown size={18} />
            </chakra.span>
          </chakra.button>
        </chakra.h2>
        <HideToggle
          name={title}
          hidden={hidden}
          onToggle={() => builder.send({ type: 'layout.toggleHidden', ref: sectionKey })}
        />
        <IconButton
          variant="ghost"
          size="sm"
          colorPalette="red"
          id={customDeleteId(sectionKey)}
          aria-label={`Delete the section ${title}`}
          title="Delete section"
          onClick={() => builder.send({ type: 'custom.remove', key: sectionKey })}
        >
          <Trash2 />
        </IconButton>
      </HStack>

      {expanded && (
        <Card.Body id={bodyId} role="region" aria-labelledby={headerId} pt="1">
          <Stack gap="5">
            <Field.Root>
              <Field.Label>Section title</Field.Label>
              <Input
                value={section.title}
                placeholder={NEW_CUSTOM_SECTION_TITLE}
                maxLength={MAX_SECTION_TITLE_LENGTH}
                onChange={(event) =>
                  builder.send({ type: 'custom.rename', key: sectionKey, title: event.currentTarget.value })
                }
              />
            </Field.Root>
            <SortableList
              items={entryIndexes}
              idOf={(index) => `${sectionKey}-entry-${index}`}
              labelOf={(index) => `${title} entry ${index + 1}`}
              noun="entries"
              onMove={(id, toIndex) =>
                builder.send({
                  type: 'custom.entryMove',
                  key: sectionKey,
                  from: Number(id.slice(id.lastIndexOf('-') + 1)),
                  to: toIndex,
                })
              }
            >
              {(index, entryHandle) => {
                const entry = section.entries[index]!;
                const id = (field: string) => `custom-${sectionKey}-${index}-${field}`;
                return (
                  <Stack
                    gap="3"
                    role="group"
                    aria-label={`${title} entry ${index + 1}`}
                    {...(index > 0 ? { borderTopWidth: '1px', pt: '4' } : {})}
                  >
                    <HStack justify="space-between">
                      <HStack gap="1">
                        {section.entries.length > 1 && entryHandle}
                        <Text fontWeight="medium" textStyle="sm">
                          Entry {index + 1}
                        </Text>
                      </HStack>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Remove ${title} entry ${index + 1}`}
                        title="Remove entry"
                        onClick={() => {
                          builder.send({ type: 'custom.entryRemove', key: sectionKey, index });
                          focusAfterRemoval(addId);
                        }}
                      >
                        <Trash2 />
                      </IconButton>
                    </HStack>
                    {TEXT_FIELDS.map(({ field, label }) => (
                      <Field.Root key={field}>
                        <Field.Label htmlFor={id(field)}>{label}</Field.Label>
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
                          <Field.Label htmlFor={id(field)}>{label}</Field.Label>
                          <Input
                            id={id(field)}
                            type="date"
                            value={entry[field] ?? ''}
                            onChange={(event) => change(index, field, event.currentTarget.value)}
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
                      <Checkbox.Label>Current (prints 'Present' instead of the end date)</Checkbox.Label>
                    </Checkbox.Root>
                    <Field.Root>
                      <Field.Label
                        htmlFor={id('description')}
                        onClick={() => document.getElementById(id('description'))?.focus()}
                      >
                        Description
                      </Field.Label>
                      <Suspense fallback={<Skeleton width="full" height="36" borderRadius="l2" />}>
                        <RichTextEditor
                          id={id('description')}
                          label="Description"
                          value={entry.description ?? ''}
                          onValueChange={(html) => change(index, 'description', html)}
                        />
                      </Suspense>
                    </Field.Root>
                  </Stack>
                );
              }}
            </SortableList>
            <Button
              id={addId}
              type="button"
              variant="outline"
              size="sm"
              alignSelf="flex-start"
              onClick={() => builder.send({ type: 'custom.entryAdd', key: sectionKey })}
            >
              <Plus /> Add Another {title}
            </Button>
          </Stack>
        </Card.Body>
      )}
    </Card.Root>
  );
});
