import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import type { BinnedCoverLetter, BinnedCv } from '../../../src/api/bin';
import {
  cvManagementMachine,
  type TemplatesAndCvs,
} from '../../../src/machines/catalogue/cv-management-machine';
import { CvManagementScreen } from '../../../src/ui/cv-management/cv-management-screen';
import { showToast, toaster } from '../../../src/ui/toaster';
import { fakeRecentlyDeleted, makeCv, makeTemplates } from '../../machines/catalogue/catalogue-fixtures';
import { deferredActor, flush } from '../../machines/model-paths';
import { fakeCvActions, renderCatalogue } from '../templates/render-catalogue';

const DAY_MS = 24 * 60 * 60 * 1000;
const deletedAgo = (name: string, n: number, days: number): BinnedCv => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name,
  template: 1,
  template_name: 'Template 1',
  deleted_at: new Date(Date.now() - days * DAY_MS).toISOString(),
  purge_at: new Date(Date.now() + (30 - days) * DAY_MS - 60_000).toISOString(),
});

const letterDeleted = (name: string, n: number): BinnedCoverLetter => ({
  uuid: `00000000-0000-4000-8000-0000000000b${n}`,
  name,
  cv: null,
  deleted_at: new Date(Date.now() - DAY_MS).toISOString(),
  purge_at: new Date(Date.now() + 29 * DAY_MS - 60_000).toISOString(),
});

function setup(items: BinnedCv[], letters: BinnedCoverLetter[] = []) {
  const load = deferredActor<TemplatesAndCvs, unknown>();
  const actor = createActor(
    cvManagementMachine.provide({
      actors: {
        loadTemplatesAndCvs: load.logic,
        cvActions: fakeCvActions().machine,
        recentlyDeleted: fakeRecentlyDeleted(items, letters).provide({
          actions: { notify: (_, notice) => void showToast(notice) },
        }),
      },
      actions: { notify: (_, notice) => void showToast(notice), logFailure: () => undefined },
    }),
  ).start();
  renderCatalogue(() => <CvManagementScreen actor={actor} />);
  return { actor, load };
}

afterEach(() => {
  toaster.remove();
});

describe('Recently deleted in CV management', () => {
  it('lists deleted CVs with when they were deleted and will be removed; Restore brings one back', async () => {
    const user = userEvent.setup();
    const { load } = setup([deletedAgo('Old Analyst', 1, 6), deletedAgo('Draft 2023', 2, 1)]);
    await act(async () => {
      load.last().resolve({ templates: makeTemplates(2), cvs: [makeCv(7, 1, 'Software Engineer 2024')] });
      await flush();
    });
    const tab = await screen.findByRole('tab', { name: /Recently deleted/ });
    expect(tab).toHaveTextContent('2');
    await user.click(tab);
    const list = await screen.findByRole('list', { name: 'Recently deleted CVs' });
    const item = within(list).getByRole('listitem', { name: 'Old Analyst' });
    expect(item).toHaveTextContent(/Deleted .*2\d\d\d/);
    expect(item).toHaveTextContent('Removed for good in 24 days');
    await user.click(within(item).getByRole('button', { name: 'Restore Old Analyst' }));
    await waitFor(() => expect(within(list).queryByText('Old Analyst')).not.toBeInTheDocument());
    expect(await screen.findByText('“Old Analyst” is back in your CVs.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Your CVs/ }));
    const yours = await screen.findByRole('list', { name: 'Your CVs' });
    expect(await within(yours).findByRole('link', { name: 'Old Analyst' })).toBeInTheDocument();
  });

  it('asks before deleting forever, and Cancel keeps the CV', async () => {
    const user = userEvent.setup();
    const { load } = setup([deletedAgo('Draft 2023', 2, 1)]);
    await act(async () => {
      load.last().resolve({ templates: makeTemplates(1), cvs: [] });
      await flush();
    });
    await user.click(await screen.findByRole('tab', { name: /Recently deleted/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete Draft 2023 forever' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete forever?' });
    expect(dialog).toHaveTextContent('Draft 2023');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Draft 2023' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Draft 2023 forever' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete forever?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('Nothing recently deleted')).toBeInTheDocument();
    expect(screen.getByText('“Draft 2023” has been removed for good.')).toBeInTheDocument();
  });

  it('lists deleted cover letters in their own group, with Restore and Delete forever after the question', async () => {
    const user = userEvent.setup();
    const { load } = setup(
      [deletedAgo('Old Analyst', 1, 6)],
      [letterDeleted('Letter to Acme', 1), letterDeleted('Letter to Globex', 2)],
    );
    await act(async () => {
      load.last().resolve({ templates: makeTemplates(1), cvs: [] });
      await flush();
    });
    const tab = await screen.findByRole('tab', { name: /Recently deleted/ });
    await waitFor(() => expect(tab).toHaveTextContent('3'));
    await user.click(tab);
    const group = await screen.findByRole('region', { name: 'Cover letters' });
    const letters = within(group).getByRole('list', { name: 'Recently deleted cover letters' });
    const acme = within(letters).getByRole('listitem', { name: 'Letter to Acme' });
    expect(acme).toHaveTextContent('Removed for good in 29 days');
    expect(
      within(screen.getByRole('list', { name: 'Recently deleted CVs' })).queryByText('Letter to Acme'),
    ).toBeNull();

    await user.click(within(acme).getByRole('button', { name: 'Restore Letter to Acme' }));
    expect(await screen.findByText('“Letter to Acme” is back in your cover letters.')).toBeInTheDocument();
    await waitFor(() => expect(within(letters).queryByText('Letter to Acme')).not.toBeInTheDocument());

    await user.click(within(letters).getByRole('button', { name: 'Delete Letter to Globex forever' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete forever?' });
    expect(dialog).toHaveTextContent('Letter to Globex');
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    expect(await screen.findByText('“Letter to Globex” has been removed for good.')).toBeInTheDocument();
    // No letters left: the group goes; the CV stays.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cover letters' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { name: 'Old Analyst' })).toBeInTheDocument();
  });

  it('shows “Nothing recently deleted” only when there are neither CVs nor letters', async () => {
    const user = userEvent.setup();
    const { load } = setup([], [letterDeleted('Only a letter', 3)]);
    await act(async () => {
      load.last().resolve({ templates: makeTemplates(1), cvs: [] });
      await flush();
    });
    await user.click(await screen.findByRole('tab', { name: /Recently deleted/ }));
    expect(await screen.findByRole('listitem', { name: 'Only a letter' })).toBeInTheDocument();
    expect(screen.queryByText('Nothing recently deleted')).toBeNull();
  });
});
