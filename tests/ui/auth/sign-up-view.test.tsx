import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../src/api/api-error';
import { useActor } from '@xstate/react';
import type { RegistrationPayload } from '../../../src/api/auth';
import { signUpMachine } from '../../../src/machines/auth/sign-up-machine';
import { SignUpView } from '../../../src/ui/auth/sign-up-view';
import { deferredActor } from '../../machines/model-paths';
import { renderView } from './render-view';

function setup(phoneCountry: 'US' | 'GB' = 'US') {
  const register = deferredActor<void, RegistrationPayload>();
  const logic = signUpMachine.provide({ actors: { register: register.logic } });
  function Harness() {
    const [snapshot, send] = useActor(logic);
    return <SignUpView snapshot={snapshot} send={send} phoneCountry={phoneCountry} />;
  }
  return { register, render: () => renderView(() => <Harness />) };
}

describe('SignUpView', () => {
  it('labels every field, gives both passwords a toggle and starts the phone country where it is told', async () => {
    await setup('GB').render();
    expect(screen.getByRole('heading', { name: 'Create an Account' })).toBeInTheDocument();
    for (const label of ['Full Name', 'Email', 'Phone Number', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Phone number country')).toHaveValue('GB');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('');
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('shows every rule message on submit, and "Creating account..." while registering', async () => {
    const { register, render } = setup();
    await render();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Full Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '+264811234567' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Passw0rd?' } });
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Creating account...')).toBeInTheDocument();
    expect(register.last().input).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone_number: '+264811234567',
      password1: 'Passw0rd!',
      password2: 'Passw0rd!',
    });
  });

  it('puts a taken address on the Email field and moves the focus there', async () => {
    const { register, render } = setup();
    await render();
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '+12025550123' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'Passw0rd!' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Sign up' }));
    await waitFor(() => expect(register.requests).toHaveLength(1));
    const taken = 'An account with this email address is already registered.';
    register.last().reject(
      new ApiError(taken, { status: 400, serverMessage: taken, data: { detail: taken, field: 'email' } }),
    );
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    // Changing another field keeps the server's word on the address; changing the address clears it.
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Ada King' } });
    expect(screen.getByText(taken)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada.king@example.com' } });
    expect(screen.queryByText(taken)).not.toBeInTheDocument();
  });
});
