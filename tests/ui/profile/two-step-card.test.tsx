import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise } from 'xstate';
import { TWO_STEP_MESSAGES } from '../../../rules/two-step';
import { ApiError } from '../../../src/api/api-error';
import type { NewRecoveryCodesPayload } from '../../../src/api/two-step';
import { newRecoveryCodesMachine } from '../../../src/machines/profile/new-recovery-codes-machine';
import { twoStepMachine } from '../../../src/machines/profile/two-step-machine';
import { TwoStepCard } from '../../../src/ui/profile/two-step-card';
import { AppProvider } from '../../../src/ui/provider';

// The two-step card while it is on: New recovery codes asks the password and an app code in the card's one code
// form, and shows the new codes with the turn-on view.

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${'efghj'[i % 5]}-2345${(i % 8) + 2}`);

function renderCard(replace: (input: NewRecoveryCodesPayload) => Promise<string[]>) {
  const actor = createActor(
    twoStepMachine.provide({
      actors: {
        loadStatus: fromPromise(async () => ({
          supported: true as boolean,
          on: true as boolean,
          email: 'ada@example.com',
          hasPassword: true as boolean,
        })),
        newRecoveryCodes: newRecoveryCodesMachine.provide({
          actors: {
            replaceCodes: fromPromise<string[], NewRecoveryCodesPayload>(({ input }) => replace(input)),
          },
        }),
      },
    }),
  ).start();
  render(
    <AppProvider>
      <TwoStepCard actor={actor} />
    </AppProvider>,
  );
  return { actor, card: screen.getByRole('region', { name: 'Two-step sign-in' }) };
}

describe('the two-step card: New recovery codes', () => {
  it('asks the password and an app code, refuses in words on the field, then shows the new codes', async () => {
    const user = userEvent.setup();
    const replace = vi
      .fn<(input: NewRecoveryCodesPayload) => Promise<string[]>>()
      .mockRejectedValueOnce(
        new ApiError('Your current password is incorrect.', { status: 400, data: { field: 'password' } }),
      )
      .mockResolvedValueOnce(CODES);
    const { card } = renderCard(replace);
    await user.click(await within(card).findByRole('button', { name: 'New recovery codes' }));
    const form = within(card).getByRole('form', { name: 'New recovery codes' });
    await user.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));
    expect(within(form).getByText(TWO_STEP_MESSAGES.passwordRequired)).toBeVisible();
    expect(within(form).getByText(TWO_STEP_MESSAGES.codeRequired)).toBeVisible();
    expect(replace).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('Current password'), 'nope-nope');
    await user.type(within(form).getByLabelText('6-digit code from your authenticator app'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));
    expect(await within(form).findByText('Your current password is incorrect.')).toBeVisible();
    expect(within(form).getByLabelText('6-digit code from your authenticator app')).toHaveValue('');

    await user.type(within(form).getByLabelText('6-digit code from your authenticator app'), '654321');
    await user.click(within(form).getByRole('button', { name: 'Make new recovery codes' }));
    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(replace).toHaveBeenLastCalledWith({ password: 'nope-nope', code: '654321' });
    expect(within(card).getByRole('button', { name: 'Download (.txt)' })).toBeEnabled();
    await user.click(within(card).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(within(card).queryByRole('list', { name: 'Recovery codes' })).toBeNull());
    expect(within(card).getByRole('button', { name: 'New recovery codes' })).toBeVisible();
  });

  it('goes back to the card with Cancel, keyboard only, and sends nothing', async () => {
    const user = userEvent.setup();
    const replace = vi.fn<(input: NewRecoveryCodesPayload) => Promise<string[]>>();
    const { card } = renderCard(replace);
    (await within(card).findByRole('button', { name: 'New recovery codes' })).focus();
    await user.keyboard('{Enter}');
    const cancel = within(card).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.keyboard('{Enter}');
    expect(within(card).queryByRole('form', { name: 'New recovery codes' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Turn off two-step sign-in' })).toBeVisible();
    expect(replace).not.toHaveBeenCalled();
  });
});
