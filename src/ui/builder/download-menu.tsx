import { Button, Menu, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, Download } from 'lucide-react';
import type { CvFileFormat } from '../../api/cvs';
import { canDownload, type BuilderActor } from '../../machines/builder-machine';
import { DOWNLOAD_BUSY_TAG, type BuilderDownloadActor } from '../../machines/builder-download-machine';

/** spec §2: the Download menu (PDF, Word), disabled until the CV is saved and has a uuid. */
export function DownloadMenu({ builder }: { builder: BuilderActor }) {
  const enabled = useSelector(builder, canDownload);
  const downloads = useSelector(
    builder,
    (snapshot) => snapshot.children.downloads as BuilderDownloadActor | undefined,
  );
  const busy = useSelector(downloads, (snapshot) => snapshot?.hasTag(DOWNLOAD_BUSY_TAG) ?? false);

  return (
    <Menu.Root
      onSelect={(details) => builder.send({ type: 'cv.download', format: details.value as CvFileFormat })}
    >
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          disabled={!enabled}
          loading={busy}
          title={enabled ? undefined : 'Save your CV to download it'}
        >
          <Download /> Download <ChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="pdf">PDF</Menu.Item>
            <Menu.Item value="word">Word</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
