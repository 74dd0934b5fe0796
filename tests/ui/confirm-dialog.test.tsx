import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../../src/ui/confirm-dialog';
import { AppProvider } from '../../src/ui/provider';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <AppProvider>
      <ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} {...props} />
    </AppProvider>,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it("defaults to 'Are you sure?' with Cancel and Confirm", async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("takes the template card's 'Delete CV?' wording", async () => {
    renderDialog({
      title: 'Delete CV?',
      description: 'This action cannot be undone.',
      confirmLabel: 'Delete',
      destructive: true,
    });
    expect(await screen.findByRole('alertdialog', { name: 'Delete CV?' })).toBeInTheDocument();
    expect(screen.getByText('This action cannot be undone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('Escape cancels', async () => {
    const user = userEvent.setup();
    const { onCancel } = renderDialog();
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when closed', () => {
    render(
      <AppProvider>
        <ConfirmDialog open={false} onConfirm={() => {}} onCancel={() => {}} />
      </AppProvider>,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
