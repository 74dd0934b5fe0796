import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { cvManagementMachine, type TemplatesAndCvs } from '../../../src/machines/catalogue/cv-management-machine';
import { CvManagementScreen } from '../../../src/ui/cv-management/cv-management-screen';
import { showToast, toaster } from '../../../src/ui/toaster';
import { fakeRecentlyDeleted, makeCv, makeTemplates } from '../../machines/catalogue/catalogue-fixtures';
import { deferredActor, flush } from '../../machines/model-paths';
import { fakeCvActions, renderCatalogue, sessionWithAddress } from '../templates/render-catalogue';

function setup() {
  const load = deferredActor<TemplatesAndCvs, unknown>();
  const cvActions = fakeCvActions();
  const actor = createActor(
    cvManagementMachine.provide({
      actors: { loadTemplatesAndCvs: load.logic, cvActions: cvActions.machine, recentlyDeleted: fakeRecentlyDeleted() },
      actions: { notify: (_, notice) => void showToast(notice), logFailure: () => undefined },
    }),
  ).start();
  renderCatalogue(() => <CvManagementScreen actor={actor} />, sessionWithAddress('ada@example.com'));
  return { actor, load, cvActions };
}

afterEach(() => {
  toaster.remove();
});

describe('CV management screen', () => {
  it('shows a card per template with the names of its CVs, 12 per page, paging only past 12', async () => {
    const user = userEvent.setup();
    const { load } = setup();
    expect(await screen.findByRole('heading', { name: 'CV Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage, download, and share your professional CVs')).toBeInTheDocument();
    await act(async () => {
      load.last().resolve({
        templates: makeTemplates(13),
        cvs: [makeCv(7, 1, 'Software Engineer 2024'), makeCv(8, 1, 'Analyst')],
      });
      await flush();
    });
    const cards = screen.getAllByTestId('managed-template-card');
    expect(cards).toHaveLength(12);
    expect(within(cards[0]!).getByRole('heading', { name: 'Template 1' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Software Engineer 2024')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Analyst')).toBeInTheDocument();
    expect(within(cards[0]!).getByAltText('Template 1 template')).toHaveAttribute(
      'src',
      '/static/templates/t1/icon.png',
    );
    // Every card starts a new CV; only the person's CVs say 'No saved CVs yet' nowhere.
    expect(within(cards[1]!).getByRole('link', { name: 'Create a new CV from Template 2' })).toHaveAttribute(
      'href',
      '/dashboard/2?new=true',
    );
    expect(screen.queryByText('No saved CVs yet')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByTestId('managed-template-card')).toHaveLength(1);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it("offers 'Create your first CV' to a person with no CVs yet", async () => {
    const { load } = setup();
    await act(async () => {
      load.last().resolve({ templates: makeTemplates(2), cvs: [] });
      await flush();
    });
    expect(screen.getByRole('heading', { name: 'You have no saved CVs yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first CV' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('searchbox', { name: 'Search CVs by name' })).not.toBeInTheDocument();
  });

  it('finds a CV by name, sorts them, and shows when each was last edited', async () => {
    const user = userEvent.setup();
    const { load } = setup();
    await act(async () => {
      load.last().resolve({
        templates: makeTemplates(3),
        cvs: [
          { ...makeCv(7, 1, 'Software Engineer 2024'), last_updated: '2026-03-05T10:00:00.000Z' },
          { ...makeCv(8, 1, 'Analyst'), last_updated: '2026-04-05T10:00:00.000Z' },
          { ...makeCv(9, 2, 'Designer'), last_updated: '2026-01-05T10:00:00.000Z' },
        ],
      });
      await flush();
    });
    // The person's CVs first, in one list: name, template, when last edited (day and time).
    const list = () => within(screen.getByRole('list', { name: 'Your CVs' }));
    const names = () => list().getAllByRole('link').map((link) => link.textContent);
    expect(screen.getByRole('heading', { name: '3 saved CVs' })).toBeInTheDocument();
    expect(names()).toEqual(['Analyst', 'Software Engineer 2024', 'Designer']);
    const [analyst] = list().getAllByTestId('generated-cv');
    expect(analyst).toHaveTextContent(/Template 1 · Edited .*2026.*\d{1,2}:\d{2}/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    expect(names()).toEqual(['Analyst', 'Designer', 'Software Engineer 2024']);
    // One template's CVs only; the filter offers the templates the person has CVs of.
    const filter = screen.getByRole('combobox', { name: 'Template' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All templates',
      'Template 1',
      'Template 2',
    ]);
    await user.selectOptions(filter, 'Template 2');
    expect(names()).toEqual(['Designer']);
    await user.selectOptions(filter, 'All templates');
    await user.type(screen.getByRole('searchbox', { name: 'Search CVs by name' }), 'design');
    expect(names()).toEqual(['Designer']);
    // The catalogue below keeps every template, to start another CV.
    expect(screen.getAllByTestId('managed-template-card')).toHaveLength(3);
    await user.clear(screen.getByRole('searchbox', { name: 'Search CVs by name' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search CVs by name' }), 'nobody');
    expect(screen.getByRole('heading', { name: 'No CVs match your search' })).toBeInTheDocument();
  });

  it('shows no paging with exactly 12 templates', async () => {
    const { load } = setup();
    await act(async () => {
      load.last().resolve({ templates: makeTemplates(12), cvs: [] });
      await flush();
    });
    expect(screen.getAllByTestId('managed-template-card')).toHaveLength(12);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no templates', async () => {
    const { load } = setup();
    await act(async () => {
      load.last().resolve({ templates: [], cvs: [] });
      await flush();
    });
    expect(screen.getByText('No templates found')).toBeInTheDocument();
    expect(
      screen.getByText('It looks like there are no CV templates available. Please contact support.'),
    ).toBeInTheDocument();
  });

  it("toasts 'Failed to load data' when the load fails", async () => {
    const { load } = setup();
    await act(async () => {
      load.last().reject(new Error('Network Error'));
      await flush();
    });
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Failed to load data')).toBeInTheDocument();
    expect(
      within(toast).getByText('Could not load CV templates and generated CVs. Please try again.'),
    ).toBeInTheDocument();
  });

  it("lists at most 3 CVs on a template's card, and 'and N more' narrows the list to that template", async () => {
    const user = userEvent.setup();
    const { load } = setup();
    const many = Array.from({ length: 13 }, (_, i) => makeCv(100 + i, 1, `Made from one ${i + 1}`));
    await act(async () => {
      load.last().resolve({ templates: makeTemplates(2), cvs: [...many, makeCv(7, 2, 'Only one')] });
      await flush();
    });
    const [first, second] = screen.getAllByTestId('managed-template-card');
    const names = within(first!).getByRole('list', { name: 'CVs made from Template 1' });
    expect(within(names).getAllByRole('listitem')).toHaveLength(3);
    expect(within(first!).getByText('13 CVs')).toBeInTheDocument();
    const more = within(first!).getByRole('button', { name: 'and 10 more: show all 13 CVs made from Template 1' });
    expect(more).toHaveTextContent('and 10 more');
    expect(within(second!).queryByText(/more/)).not.toBeInTheDocument();
    expect(within(second!).getByText('Only one')).toBeInTheDocument();

    more.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('1');
    expect(screen.getByRole('heading', { name: '14 saved CVs' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Your CVs' });
    expect(within(list).queryByText('Only one')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('link', { name: /^Made from one/ })).toHaveLength(10);
  });

  it('removes a deleted CV locally', async () => {
    const user = userEvent.setup();
    const { load, cvActions } = setup();
    await act(async () => {
      load.last().resolve({
        templates: makeTemplates(2),
        cvs: [makeCv(7, 1, 'Software Engineer 2024'), makeCv(8, 1, 'Analyst')],
      });
      await flush();
    });
    const card = screen.getAllByTestId('managed-template-card')[0]!;
    const list = screen.getByRole('list', { name: 'Your CVs' });
    await user.click(within(list).getByRole('button', { name: 'Delete Analyst' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await act(async () => {
      cvActions.remove.last().resolve();
      await flush();
    });
    await waitFor(() => expect(within(card).queryByText('Analyst')).not.toBeInTheDocument());
    expect(within(list).queryByText('Analyst')).not.toBeInTheDocument();
    expect(within(card).getByText('Software Engineer 2024')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Software Engineer 2024' })).toBeInTheDocument();
  });

  it('pages a long list of CVs, 10 at a time, with the keyboard; the focus stays on the paging', async () => {
    const user = userEvent.setup();
    const { load } = setup();
    await act(async () => {
      load.last().resolve({
        templates: makeTemplates(2),
        cvs: Array.from({ length: 12 }, (_, index) => makeCv(index + 1, 1)),
      });
      await flush();
    });
    const list = () => within(screen.getByRole('list', { name: 'Your CVs' }));
    expect(screen.getByRole('heading', { name: '12 saved CVs' })).toBeInTheDocument();
    expect(list().getAllByTestId('generated-cv')).toHaveLength(10);
    const paging = screen.getByRole('navigation', { name: 'Pages of your CVs' });
    expect(within(paging).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(paging).getByRole('button', { name: 'Previous' })).toBeDisabled();
    within(paging).getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    expect(list().getAllByRole('link').map((link) => link.textContent)).toEqual(['CV 11', 'CV 12']);
    expect(within(paging).getByText('Page 2 of 2')).toBeInTheDocument();
    // Next is disabled on the last page: the focus moved to Previous, not to the page's start.
    expect(within(paging).getByRole('button', { name: 'Previous' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(list().getAllByTestId('generated-cv')).toHaveLength(10);
    expect(within(paging).getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it('asks before emailing a CV, naming the address, as the builder does', async () => {
    const user = userEvent.setup();
    const { load, cvActions } = setup();
    await act(async () => {
      load.last().resolve({ templates: makeTemplates(2), cvs: [makeCv(7, 1, 'Analyst')] });
      await flush();
    });
    const list = screen.getByRole('list', { name: 'Your CVs' });
    await user.click(within(list).getByRole('button', { name: 'Email Analyst' }));
    const question = await screen.findByRole('alertdialog', { name: 'Email this CV?' });
    expect(question).toHaveTextContent('Analyst');
    expect(question).toHaveTextContent('It is sent as a PDF to ada@example.com.');
    expect(cvActions.email.requests).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(cvActions.email.requests).toHaveLength(0);
    await user.click(within(list).getByRole('button', { name: 'Email Analyst' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Email this CV?' })).getByRole('button', {
        name: 'Send to ada@example.com',
      }),
    );
    expect(cvActions.email.last().input).toEqual({ cv: makeCv(7, 1, 'Analyst') });
    await act(async () => {
      cvActions.email.last().resolve();
      await flush();
    });
    expect(await screen.findByText('Email Sent!')).toBeInTheDocument();
  });
});
