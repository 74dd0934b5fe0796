import { Button, HStack, Menu, Portal } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown, Download, Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CvFileFormat } from '../../api/cvs';
import { deliversAfterSave, type BuilderActor } from '../../machines/builder/builder-machine';
import { DataExportItems, isDataFormat } from '../cv-data/data-export-items';
import { DELIVERY_BUSY_TAG, type DeliveryActor } from '../../machines/delivery/delivery-machine';
import { EmailConfirmDialog as EmailQuestion, useOwnAddress } from '../email-confirm-dialog';
import { useToastClearanceOfMenu } from '../toast-clearance';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

const SAVE_FIRST_TITLE = msg('Complete a section to download your CV');

/**
 * docs/behaviour.md#cv-builder: the Download menu (PDF, Word) and beside it Email, which mails the saved CV to the
 * person. On a CV never saved, and when the screen shows changes the saved copy lacks, both say they save first
 * (a new CV is named first); before a section is completed there is nothing to save and both are disabled.
 */
export function DeliveryActions({
  builder,
  size = 'sm',
  inBottomBar = false,
}: {
  builder: BuilderActor;
  size?: 'sm' | 'md';
  /** In the bar at the foot of a phone's screen: the menu opens upwards, and toasts move above it. */
  inBottomBar?: boolean;
}) {
  const { t } = useT();
  const enabled = useSelector(builder, (snapshot) => snapshot.can({ type: 'cv.download', format: 'pdf' }));
  const canEmail = useSelector(builder, (snapshot) => snapshot.can({ type: 'cv.email' }));
  const saveFirst = useSelector(builder, deliversAfterSave);
  const downloads = useSelector(
    builder,
    (snapshot) => snapshot.children.downloads as DeliveryActor | undefined,
  );
  const busy = useSelector(downloads, (snapshot) => snapshot?.hasTag(DELIVERY_BUSY_TAG) ?? false);
  const saving = useSelector(builder, (snapshot) => snapshot.hasTag('saving'));
  // The menu names the paper the PDF prints on, so the person knows it before the file arrives.
  const pageSize = useSelector(builder, (snapshot) => snapshot.context.design.page_size);
  const pdf = `PDF (${pageSize})`;
  const [menuOpen, setMenuOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useToastClearanceOfMenu(trigger, inBottomBar && menuOpen);

  return (
    // Wraps when its words are long (German, French on a phone): Email goes under Download, never off the screen.
    <HStack gap="2" flexWrap="wrap">
      <Menu.Root
        onOpenChange={(details) => setMenuOpen(details.open)}
        onSelect={(details) =>
          isDataFormat(details.value)
            ? builder.send({ type: 'cv.export', format: details.value })
            : builder.send({ type: 'cv.download', format: details.value as CvFileFormat })
        }
      >
        <Menu.Trigger asChild>
          <Button
            ref={trigger}
            variant="outline"
            size={size}
            minH="11"
            disabled={!enabled}
            loading={busy || saving}
            title={enabled ? undefined : t(SAVE_FIRST_TITLE)}
          >
            <Download /> {t('Download')} <ChevronDown />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content ref={menu}>
              <Menu.Item value="pdf" minH="11">
                {saveFirst ? t('Save and download PDF ({pageSize})', { pageSize }) : pdf}
              </Menu.Item>
              <Menu.Item value="word" minH="11">
                {/* 'Word' alone is the program's name. */}
                {saveFirst ? t('Save and download Word') : 'Word'}
              </Menu.Item>
              <DataExportItems />
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Button
        variant="outline"
        size={size}
        minH="11"
        disabled={!canEmail || busy || saving}
        title={canEmail ? undefined : t('Complete a section to email your CV')}
        onClick={() => builder.send({ type: 'cv.email' })}
      >
        <Mail /> {saveFirst ? t('Save and email') : t('Email')}
      </Button>
    </HStack>
  );
}

/** 'Email this CV?': the address the CV goes to, said before anything is sent. */
export function EmailConfirmDialog({ builder }: { builder: BuilderActor }) {
  const open = useSelector(builder, (snapshot) => snapshot.matches({ ready: { saving: 'confirmingEmail' } }));
  const saveFirst = useSelector(builder, deliversAfterSave);
  const address = useOwnAddress(useSelector(builder, (snapshot) => snapshot.context.session));
  return (
    <EmailQuestion
      open={open}
      address={address}
      saveFirst={saveFirst}
      onConfirm={() => builder.send({ type: 'email.confirm' })}
      onCancel={() => builder.send({ type: 'email.cancel' })}
    />
  );
}
