import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useT } from '../i18n/i18n';

export interface ConfirmDialogProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  title?: string;
  /** What the action is about (e.g. the CV's name), shown above the description. */
  subject?: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions such as 'Delete CV?'. */
  destructive?: boolean;
  /** Disables both buttons and shows a spinner on the confirm button while the action runs. */
  busy?: boolean;
}

/**
 * The generic confirmation dialog of docs/behaviour.md#messages: 'Are you sure?' with 'Cancel' and 'Confirm' by
 * default. The words given are shown as given (the caller says them in the interface's language); the subject is
 * the person's own (a CV's name) and never translated.
 */
export function ConfirmDialog({
  open,
  onConfirm,
  onCancel,
  title,
  subject,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
}: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title ?? t('Are you sure?')}</Dialog.Title>
            </Dialog.Header>
            {(subject || description) && (
              <Dialog.Body>
                <Dialog.Description>
                  {subject && (
                    <Text as="strong" display="block" fontWeight="semibold" wordBreak="break-word" mb="1">
                      {subject}
                    </Text>
                  )}
                  {description}
                </Dialog.Description>
              </Dialog.Body>
            )}
            {/* A long label ('Send to <a long address>') wraps, and the buttons stack, rather than leaving the dialog. */}
            <Dialog.Footer flexWrap="wrap">
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel ?? t('Cancel')}
              </Button>
              <Button
                colorPalette={destructive ? 'red' : undefined}
                onClick={onConfirm}
                loading={busy}
                maxW="100%"
                h="auto"
                minH="10"
                py="2"
                whiteSpace="normal"
                overflowWrap="anywhere"
              >
                {confirmLabel ?? t('Confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
