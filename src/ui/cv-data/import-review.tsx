import { Badge, Box, Button, Field, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { UNCERTAIN_NOTE, type ReviewRow } from '../../cv-data/file-import';
import { useT } from '../../i18n/i18n';
import type { ImportActor } from '../../machines/cv-data/import-machine';
import { msg } from '../../../rules/languages';

export const REVIEW_TITLE = msg('Check what was found');

/**
 * What the server read from a PDF or Word file, section by section: each value in a box to fix, the uncertain ones
 * marked, and Drop / Keep for each. Continue goes on to the summary of what goes where.
 */
export function ImportReview({
  actor,
  rows,
  source,
}: {
  actor: ImportActor;
  rows: ReviewRow[];
  source?: string;
}) {
  const { t } = useT();
  const groups = [...new Set(rows.map((row) => row.group))];
  const uncertain = rows.filter((row) => row.uncertain && !row.dropped).length;
  // A group in the dialog's words ('Experience 2'), or the file's own heading as it is.
  const groupName = (group: string) => {
    const name = rows.find((row) => row.group === group)?.groupName;
    return name === undefined ? group : t(name);
  };
  return (
    <Stack gap="4" data-testid="import-review" aria-labelledby="import-review-title">
      <Stack gap="1">
        <Heading as="h3" size="sm" id="import-review-title">
          {t(REVIEW_TITLE)}
        </Heading>
        <Text fontSize="sm">
          {[
            source ? t('Read from {source}.', { source }) : '',
            t('Fix a value in its box, or drop it.'),
            uncertain > 0
              ? t(
                  '{count, plural, one {{count} value is marked “{note}”.} other {{count} values are marked “{note}”.}}',
                  { count: uncertain, note: t(UNCERTAIN_NOTE) },
                )
              : '',
          ]
            .filter(Boolean)
            .join(' ')}
        </Text>
      </Stack>
      {groups.map((group) => (
        <Box key={group} as="section" aria-label={groupName(group)} borderWidth="1px" borderRadius="md" p="3">
          <Heading as="h4" size="xs" mb="2">
            {groupName(group)}
          </Heading>
          <Stack gap="3">
            {rows
              .filter((row) => row.group === group)
              .map((row) => (
                <ReviewField key={row.path} actor={actor} row={row} />
              ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function ReviewField({ actor, row }: { actor: ImportActor; row: ReviewRow }) {
  const { t } = useT();
  const id = `import-review-${row.path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const rowLabel = row.labelName === undefined ? row.label : t(row.labelName);
  const rowGroup = row.groupName === undefined ? row.group : t(row.groupName);
  // A value of the personal details or the summary is named by its label alone; another by its group too.
  const label =
    row.group === 'Personal details' || row.group === 'Summary'
      ? rowLabel
      : t('{label} ({group})', { label: rowLabel, group: rowGroup });
  const edit = (value: string) => actor.send({ type: 'import.review.edit', path: row.path, value });
  return (
    <Field.Root invalid={row.uncertain && !row.dropped} disabled={row.dropped}>
      <HStack justify="space-between" w="full">
        <Field.Label htmlFor={id}>
          {rowLabel}
          {row.uncertain && !row.dropped && (
            <Badge colorPalette="orange" ml="2">
              {t(UNCERTAIN_NOTE)}
            </Badge>
          )}
          {row.dropped && (
            <Badge colorPalette="gray" ml="2">
              {t('Dropped')}
            </Badge>
          )}
        </Field.Label>
        <Button
          size="sm"
          minH="44px"
          variant="ghost"
          aria-label={row.dropped ? t('Keep {label}', { label }) : t('Drop {label}', { label })}
          onClick={() => actor.send({ type: 'import.review.drop', path: row.path, dropped: !row.dropped })}
        >
          {row.dropped ? t('Keep') : t('Drop')}
        </Button>
      </HStack>
      {row.multiline ? (
        <Textarea
          id={id}
          aria-label={label}
          rows={Math.min(6, row.value.split('\n').length + 1)}
          value={row.value}
          onChange={(event) => edit(event.currentTarget.value)}
        />
      ) : (
        <Input
          id={id}
          aria-label={label}
          minH="44px"
          value={row.value}
          onChange={(event) => edit(event.currentTarget.value)}
        />
      )}
    </Field.Root>
  );
}
