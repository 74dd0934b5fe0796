import { Alert, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download } from 'lucide-react';
import { msg } from '../../../rules/languages';
import { useT } from '../../i18n/i18n';
import {
  downloadedText,
  progressText,
  type DataDownloadActor,
} from '../../machines/profile/data-download-machine';

export const DOWNLOAD_ALL_MY_DATA = msg('Download all my data');

/**
 * 'Download all my data' and what it is doing: how much has arrived (with Cancel), the file it was saved as, or
 * why it failed. The profile's Quick Actions and the delete-account dialog both show it, for the same download.
 */
export function DataDownloadControl({ actor }: { actor: DataDownloadActor }) {
  const { t, language } = useT();
  const snapshot = useSelector(actor, (state) => state);
  const busy = snapshot.hasTag('busy');
  const { receivedBytes, fileName, error } = snapshot.context;
  return (
    <Stack gap="2">
      <Button
        type="button"
        variant="outline"
        justifyContent="flex-start"
        minH="11"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy) actor.send({ type: 'data.download' });
        }}
      >
        {busy ? <Spinner size="sm" /> : <Download aria-hidden />}
        {t(DOWNLOAD_ALL_MY_DATA)}
      </Button>
      {busy && (
        <HStack gap="3" justify="space-between" wrap="wrap">
          <Text role="status" textStyle="sm" color="fg.muted">
            {t(progressText(receivedBytes, language))}
          </Text>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            minH="11"
            onClick={() => actor.send({ type: 'data.cancel' })}
          >
            {t('Cancel download')}
          </Button>
        </HStack>
      )}
      {snapshot.matches('downloaded') && fileName && (
        <Text role="status" textStyle="sm" color="fg.success">
          {t(downloadedText(fileName))}
        </Text>
      )}
      {snapshot.matches('failed') && error && (
        <Alert.Root status="error" variant="subtle" borderRadius="l2" role="alert">
          <Alert.Indicator />
          <Alert.Description>{t(error)}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
