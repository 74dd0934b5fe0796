import { Box, EmptyState, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, CircleX, ScanText } from 'lucide-react';
import type { AtsCheck, AtsReport } from '../../api/preview';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

// The ATS view: the text an applicant tracking system reads from the PDF the person would download, and
// a checklist of what commonly goes wrong. It only shows the preview machine's result. The checklist's words are
// English, shown through `t`; what each problem names (a value, a section) is the CV's own text, shown as it is.

const CHECK_TEXT: Record<AtsCheck['id'], { passed: string; failed: string }> = {
  values: {
    passed: msg('Every value you entered is in the text, every word whole'),
    // A value missing, or a word or name split in two ('P rofessional', a name broken over two lines): the
    // server says which in each problem.
    failed: msg('Not found whole in the text:'),
  },
  order: {
    passed: msg('Sections are read in your order'),
    failed: msg('Sections read out of order:'),
  },
  contact: {
    passed: msg('Name, email and phone are in the first lines'),
    failed: msg('Not in the first lines, where parsers look:'),
  },
  characters: {
    passed: msg('No ligatures or unreadable characters'),
    failed: msg('Characters a parser may not match:'),
  },
};

function CheckItem({ check }: { check: AtsCheck }) {
  const { t } = useT();
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
          {t(check.passed ? text.passed : text.failed)}
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
  const { t } = useT();
  if (!report) {
    return (
      <EmptyState.Root h="full">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <ScanText />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="1">
            <EmptyState.Title>{t('Nothing to read yet')}</EmptyState.Title>
            <EmptyState.Description>
              {t(
                'Start filling out the CV sections to see what an applicant tracking system reads from your PDF',
              )}
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
            {t('What an ATS reads')}
          </Heading>
          <Text textStyle="xs" color={failed ? 'fg.error' : 'fg.success'} fontWeight="medium">
            {failed === 0
              ? t('All checks passed')
              : t('{failed} of {total} checks need attention', { failed, total: report.checks.length })}
          </Text>
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          {t(
            'The text below is read from the PDF you would download, as an applicant tracking system reads it.',
          )}
        </Text>
        <Stack as="ul" listStyleType="none" gap="2" aria-label={t('ATS checklist')}>
          {report.checks.map((check) => (
            <CheckItem key={check.id} check={check} />
          ))}
        </Stack>
        {report.notes?.map((note) => (
          <Text key={note} textStyle="sm" color="fg.muted" data-testid="ats-note">
            {t(note)}
          </Text>
        ))}
      </Stack>
      <Box
        as="pre"
        role="region"
        aria-label={t('Text read from the PDF')}
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
