import { Badge, Box, Button, Field, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { UNCERTAIN_NOTE, type ReviewRow } from '../../cv-data/file-import';
import type { ImportActor } from '../../machines/cv-data/import-machine';

export const REVIEW_TITLE = 'Check what was found';

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
  const groups = [...new Set(rows.map((row) => row.group))];
  const uncertain = rows.filter((row) => row.uncertain && !row.dropped).length;
  return (
    <Stack gap="4" data-testid="import-review" aria-labelledby="import-review-title">
      <Stack gap="1">
        <Heading as="h3" size="sm" id="import-review-title">
          {REVIEW_TITLE}
        </Heading>
        <Text fontSize="sm">
          {source ? `Read from ${source}. ` : ''}Fix a value in its box, or drop it.
          {uncertain > 0
            ? ` ${uncertain} ${uncertain === 1 ? 'value is' : 'values are'} marked “${UNCERTAIN_NOTE}”.`
            : ''}
        </Text>
      </Stack>
      {groups.map((group) => (
        <Box key={group} as="section" aria-label={group} borderWidth="1px" borderRadius="md" p="3">
          <Heading as="h4" size="xs" mb="2">
            {group}
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
  const id = `import-review-${row.path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const label = `${row.label}${row.group === 'Personal details' || row.group === 'Summary' ? '' : ` (${row.group})`}`;
  const edit = (value: string) => actor.send({ type: 'import.review.edit', path: row.path, value });
  return (
    <Field.Root invalid={row.uncertain && !row.dropped} disabled={row.dropped}>
      <HStack justify="space-between" w="full">
        <Field.Label htmlFor={id}>
          {row.label}
          {row.uncertain && !row.dropped && (
            <Badge colorPalette="orange" ml="2">
              {UNCERTAIN_NOTE}
            </Badge>
          )}
          {row.dropped && (
            <Badge colorPalette="gray" ml="2">
              Dropped
            </Badge>
          )}
        </Field.Label>
        <Button
          size="sm"
          minH="44px"
          variant="ghost"
          aria-label={`${row.dropped ? 'Keep' : 'Drop'} ${label}`}
          onClick={() => actor.send({ type: 'import.review.drop', path: row.path, dropped: !row.dropped })}
        >
          {row.dropped ? 'Keep' : 'Drop'}
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
