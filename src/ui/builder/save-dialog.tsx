import { Button, Dialog, Field, Input, Portal, Spinner } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { BuilderActor } from '../../machines/builder/builder-machine';
import { useReturnFocus } from '../return-focus';

/** The sticky bar's 'Save CV' button: focus goes back to it when the dialog closes (WAI-ARIA dialog pattern). */
export const SAVE_BUTTON_ID = 'builder-save-button';

/** docs/behaviour.md#cv-builder: 'Save CV', its text, the 'CV Name' box, Cancel and Save. */
export function SaveDialog({ builder }: { builder: BuilderActor }) {
  const open = useSelector(
    builder,
    (snapshot) => snapshot.matches({ ready: { saving: 'naming' } }) || snapshot.hasTag('saving'),
  );
  const saving = useSelector(builder, (snapshot) => snapshot.hasTag('saving'));
  const name = useSelector(builder, (snapshot) => snapshot.context.saveName);
  useReturnFocus(open, SAVE_BUTTON_ID);

  return (
    <Dialog.Root
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
                <Dialog.Title>Save CV</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description mb="4">
                  Enter a name or tag for your CV to help you identify it later.
                </Dialog.Description>
                <Field.Root>
                  <Field.Label htmlFor="cv-name-input">CV Name</Field.Label>
                  <Input
                    id="cv-name-input"
                    value={name}
                    placeholder="e.g., Software Engineer 2024"
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
                  Cancel
                </Button>
                <Button type="submit" aria-disabled={saving || undefined} aria-busy={saving || undefined}>
                  {saving && <Spinner size="sm" />}
                  Save
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
