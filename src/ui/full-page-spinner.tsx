import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** A centred spinner with a status line, e.g. 'Validating session...' (docs/behaviour.md#screens-and-routes). */
export function FullPageSpinner({ text }: { text: string }) {
  return (
    <Center minH="100dvh" w="full" p="6">
      <Stack align="center" gap="4" role="status" aria-live="polite">
        <Spinner size="lg" color="colorPalette.solid" borderWidth="3px" />
        <Text color="fg.muted" textStyle="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
