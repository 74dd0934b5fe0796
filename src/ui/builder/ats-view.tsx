import { Box, EmptyState, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, CircleX, ScanText } from 'lucide-react';
import type { AtsCheck, AtsReport } from '../../api/preview';

// The ATS view: the text an applicant tracking system reads from the PDF the person would download, and
// a checklist of what commonly goes wrong. It only shows the preview machine's result.

const CHECK_TEXT: Record<AtsCheck['id'], { passed: string; failed: string }> = {
  values: {
    passed: 'Every value you entered is in the text, every word whole',
    // A value missing, or a word or name split in two ('P rofessional', a name broken over two lines): the
    // server says which in each problem.
    failed: 'Not found whole in the text:',
  },
  order: {
    passed: 'Sections are read in your order',
    failed: 'Sections read out of order:',
  },
  contact: {
    passed: 'Name, email and phone are in the first lines',
    failed: 'Not in the first lines, where parsers look:',
  },
  characters: {
    passed: 'No ligatures or unreadable characters',
    failed: 'Characters a parser may not match:',
  },
};

function CheckItem({ check }: { check: AtsCheck }) {
  const text = CHECK_TEXT[check.id];
  return (
    <Box
      as="li"
      display="flex"
      gap="2"
      alignItems="flex-start"
      data-check={check.id}
      data-passed={check.passed}
    >
      <Box as="span" color={check.passed ? 'fg.success' : 'fg.error'} flexShrink={0} mt="0.5" aria-hidden>
        {check.passed ? <CircleCheck size={18} /> : <CircleX size={18} />}
      </Box>
      <Stack gap="1" minW="0">
        <Text textStyle="sm" fontWeight="medium">
          {check.passed ? text.passed : text.failed}
        </Text>
        {!check.passed && check.problems.length > 0 && (
          <Stack as="ul" textStyle="sm" color="fg.muted" ps="4" gap="0.5" listStyleType="disc">
            {check.problems.map((problem) => (
              <Box as="li" key={problem} overflowWrap="anywhere">
                {problem}
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

export function AtsView({ report }: { report?: AtsReport }) {
  if (!report) {
    return (
      <EmptyState.Root h="full">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <ScanText />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="1">
            <EmptyState.Title>Nothing to read yet</EmptyState.Title>
            <EmptyState.Description>
              Start filling out the CV sections to see what an applicant tracking system reads from your PDF
            </EmptyState.Description>
          </Stack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  const failed = report.checks.filter((check) => !check.passed).length;
  return (
    <Stack h="full" overflowY="auto" p="4" gap="4" data-testid="ats-preview">
      <Stack gap="2" bg="bg" borderWidth="1px" borderRadius="l2" p="4">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Heading as="h3" size="sm">
            What an ATS reads
          </Heading>
          <Text textStyle="xs" color={failed ? 'fg.error' : 'fg.success'} fontWeight="medium">
            {failed === 0
              ? 'All checks passed'
              : `${failed} of ${report.checks.length} checks need attention`}
          </Text>
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          The text below is read from the PDF you would download, as an applicant tracking system reads it.
        </Text>
        <Stack as="ul" listStyleType="none" gap="2" aria-label="ATS checklist">
          {report.checks.map((check) => (
            <CheckItem key={check.id} check={check} />
          ))}
        </Stack>
        {report.notes?.map((note) => (
          <Text key={note} textStyle="sm" color="fg.muted" data-testid="ats-note">
            {note}
          </Text>
        ))}
      </Stack>
      <Box
        as="pre"
        role="region"
        aria-label="Text read from the PDF"
        tabIndex={0}
        bg="bg"
        borderWidth="1px"
        borderRadius="l2"
        p="4"
        fontFamily="mono"
        textStyle="xs"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
        flexShrink={0}
      >
        {report.text}
      </Box>
    </Stack>
  );
}
