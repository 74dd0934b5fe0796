import { Button, Dialog, Field, Input, Portal, Spinner } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import type { SaveMode } from '../../machines/builder/builder-context';
import { useDialogExitGuard, useReturnFocus } from '../return-focus';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

/** The sticky bar's 'Save CV' button: focus goes back to it when the dialog closes (WAI-ARIA dialog pattern). */
export const SAVE_BUTTON_ID = 'builder-save-button';

/** What the dialog says for a new CV (the spec's words), a rename and 'Save as…'; shown through `t`. */
const DIALOG_WORDS: Record<SaveMode, { title: string; description: string; submit: string }> = {
  first: {
    title: msg('Save CV'),
    description: msg('Enter a name or tag for your CV to help you identify it later.'),
    submit: msg('Save'),
  },
  rename: {
    title: msg('Rename CV'),
    description: msg('The new name is saved with the CV.'),
    submit: msg('Save'),
  },
  copy: {
    title: msg('Save as a new CV'),
    description: msg(
      'A copy is saved under this name and opened here. The CV you started from stays as it was last saved.',
    ),
    submit: msg('Save copy'),
  },
};

/** docs/behaviour.md#cv-builder: 'Save CV', its text, the 'CV Name' box, Cancel and Save. */
export function SaveDialog({ builder }: { builder: BuilderActor }) {
  const { t } = useT();
  const open = useSelector(
    builder,
    // A saved CV's 'Save CV' asks nothing: only a save begun here keeps the dialog open while it runs.
    (snapshot) =>
      snapshot.matches({ ready: { saving: 'naming' } }) ||
      (snapshot.hasTag('saving') && snapshot.context.saveMode !== undefined),
  );
  const saving = useSelector(builder, (snapshot) => snapshot.hasTag('saving'));
  const name = useSelector(builder, (snapshot) => snapshot.context.saveName);
  const mode = useSelector(builder, (snapshot) => snapshot.context.saveMode);
  useReturnFocus(open, SAVE_BUTTON_ID);
  const exitGuard = useDialogExitGuard(open, SAVE_BUTTON_ID);
  const words = DIALOG_WORDS[mode ?? 'first'];

  return (
    <Dialog.Root
      key={exitGuard.key}
      onExitComplete={exitGuard.onExitComplete}
      open={open}
      placement="center"
      initialFocusEl={() => document.getElementById('cv-name-input')}
      finalFocusEl={() => document.getElementById(SAVE_BUTTON_ID)}
      onOpenChange={(details) => {
        if (!details.open && !saving) builder.send({ type: 'save.cancel' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                builder.send({ type: 'save.submit' });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t(words.title)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description mb="4">{t(words.description)}</Dialog.Description>
                <Field.Root>
                  <Field.Label htmlFor="cv-name-input">{t('CV Name')}</Field.Label>
                  <Input
                    id="cv-name-input"
                    value={name}
                    placeholder={t('e.g., Software Engineer 2024')}
                    maxLength={200}
                    // Read-only, not disabled, while saving: a disabled control drops the focus to the page,
                    // and the dialog then has nothing to give it back from (the WAI-ARIA dialog pattern).
                    readOnly={saving}
                    onChange={(event) =>
                      builder.send({ type: 'save.nameChange', name: event.currentTarget.value })
                    }
                  />
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button
                  type="button"
                  variant="outline"
                  aria-disabled={saving || undefined}
                  onClick={() => builder.send({ type: 'save.cancel' })}
                >
                  {t('Cancel')}
                </Button>
                <Button type="submit" aria-disabled={saving || undefined} aria-busy={saving || undefined}>
                  {saving && <Spinner size="sm" />}
                  {t(words.submit)}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
