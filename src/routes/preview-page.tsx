import { Box, Container, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { createLazyRoute } from '@tanstack/react-router';
import { useT } from '../i18n/i18n';

/**
 * The one fixed sample shown at /preview (docs/behaviour.md#preview-page): a render of a template with sample
 * data, in public/.
 */
export const SAMPLE_PREVIEW_IMAGE = '/sample-cv-preview.png';

export const Route = createLazyRoute('/preview')({ component: PreviewPage });

function PreviewPage() {
  const { t } = useT();
  return (
    <Box bg="bg.subtle" minH="100dvh" py={{ base: '6', md: '10' }}>
      <Container maxW="4xl" px={{ base: '4', md: '8' }}>
        <Stack gap="6" align="center">
          <Stack gap="1" textAlign="center">
            <Heading as="h1" size="2xl" letterSpacing="tight">
              {t('Preview')}
            </Heading>
            <Text color="fg.muted">{t('A sample CV made with one of our templates')}</Text>
          </Stack>
          <Box
            as="figure"
            w="full"
            maxW="210mm"
            bg="white"
            borderRadius="l2"
            borderWidth="1px"
            shadow="lg"
            overflow="hidden"
          >
            <Image
              src={SAMPLE_PREVIEW_IMAGE}
              alt={t('Sample CV preview')}
              w="full"
              h="auto"
              display="block"
            />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
