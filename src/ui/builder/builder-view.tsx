import { Alert, Box, Button, Center, Flex, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Save } from 'lucide-react';
import { PREVIEW_PANE_MIN_WIDTH_PX } from '../../config/constants';
import { LOAD_FAILED_NOTICE, canSave, type BuilderActor } from '../../machines/builder-machine';
import { DownloadMenu } from './download-menu';
import { PreviewPane } from './preview-pane';
import { SaveDialog } from './save-dialog';
import { SectionCard } from './section-card';

export const BUILDER_INFO_TEXT =
  'Complete each section to build your CV. You can expand any section at any time, but we recommend completing them in order.';

function Sections({ builder }: { builder: BuilderActor }) {
  const forms = useSelector(builder, (snapshot) => snapshot.context.sectionForms);
  return (
    <Stack gap="3">
      {forms.map((form, sectionIndex) => (
        <SectionCard key={form.id} builder={builder} form={form} sectionIndex={sectionIndex} />
      ))}
    </Stack>
  );
}

function Header({ builder }: { builder: BuilderActor }) {
  const name = useSelector(builder, (snapshot) => snapshot.context.cv.name);
  return (
    <HStack gap="3" px={{ base: '4', md: '6' }} py="3" borderBottomWidth="1px" bg="bg" flexWrap="wrap">
      <HStack gap="3" flex="1" minW="0" align="baseline">
        <Heading as="h1" size="lg" flexShrink={0}>
          CV Builder
        </Heading>
        <Text color="fg.muted" truncate data-testid="cv-name">
          {name || 'Untitled CV'}
        </Text>
      </HStack>
      <DownloadMenu builder={builder} />
    </HStack>
  );
}

function SaveBar({ builder }: { builder: BuilderActor }) {
  const enabled = useSelector(builder, canSave);
  return (
    <Box position="sticky" bottom="0" zIndex="1" py="3" bg="bg" borderTopWidth="1px">
      <Button width="full" disabled={!enabled} onClick={() => builder.send({ type: 'save.open' })}>
        <Save /> Save CV
      </Button>
    </Box>
  );
}

function Editor({ builder }: { builder: BuilderActor }) {
  return (
    <Flex direction={{ base: 'column', lg: 'row' }} minH={{ lg: '100dvh' }} h={{ lg: '100dvh' }}>
      <Flex direction="column" flex="1" minW="0" minH="0">
        <Header builder={builder} />
        <Box flex="1" overflowY={{ lg: 'auto' }} px={{ base: '4', md: '6' }} pt="4">
          <Stack gap="4" maxW="3xl" mx="auto">
            <Alert.Root status="info" variant="subtle">
              <Alert.Indicator />
              <Alert.Description>{BUILDER_INFO_TEXT}</Alert.Description>
            </Alert.Root>
            <Sections builder={builder} />
            <SaveBar builder={builder} />
          </Stack>
        </Box>
      </Flex>
      <Box
        flexBasis={{ lg: '50%' }}
        flexShrink={0}
        minW={{ lg: `${PREVIEW_PANE_MIN_WIDTH_PX}px` }}
        h={{ base: '80dvh', lg: 'full' }}
        borderStartWidth={{ lg: '1px' }}
        borderTopWidth={{ base: '1px', lg: '0' }}
      >
        <PreviewPane builder={builder} />
      </Box>
      <SaveDialog builder={builder} />
    </Flex>
  );
}

/** spec §2 CV builder: 'Loading CV template...' while the CV loads, then the editor beside its preview. */
export function BuilderView({ builder }: { builder: BuilderActor }) {
  const status = useSelector(builder, (snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
  );

  if (status === 'loading') {
    return (
      <Center minH="100dvh" p="6">
        <Stack align="center" gap="4" role="status" aria-live="polite">
          <Spinner size="lg" color="colorPalette.solid" borderWidth="3px" />
          <Text color="fg.muted" textStyle="sm">
            Loading CV template...
          </Text>
        </Stack>
      </Center>
    );
  }

  if (status === 'failed') {
    return (
      <Center minH="100dvh" p="6">
        <Stack align="center" gap="3" textAlign="center" role="alert">
          <Heading as="h1" size="lg">
            CV Builder
          </Heading>
          <Text color="fg.muted">{LOAD_FAILED_NOTICE.description}</Text>
          <Button onClick={() => builder.send({ type: 'builder.retry' })}>Try Again</Button>
        </Stack>
      </Center>
    );
  }

  return <Editor builder={builder} />;
}
