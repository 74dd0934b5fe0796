import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { templatesListMachine, type CatalogueLoad } from '../../../src/machines/catalogue/templates-list-machine';
import { TemplatesScreen } from '../../../src/ui/templates/templates-screen';
import { toaster } from '../../../src/ui/toaster';
import { MODERN, PROFESSIONAL, makeCv, makeTemplates } from '../../machines/catalogue/catalogue-fixtures';
import { deferredActor, flush } from '../../machines/model-paths';
import { fakeCvActions, renderCatalogue } from './render-catalogue';

function setup() {
  const load = deferredActor<CatalogueLoad, unknown>();
  const cvActions = fakeCvActions();
  const actor = createActor(
    templatesListMachine.provide({
      actors: { loadCatalogue: load.logic, cvActions: cvActions.machine },
      actions: { logFailures: () => undefined, showAddress: () => undefined },
    }),
    { input: {} },
  ).start();
  const view = renderCatalogue(() => <TemplatesScreen actor={actor} />);
  return { actor, load, cvActions, ...view };
}

async function answer(load: ReturnType<typeof deferredActor<CatalogueLoad, unknown>>, value: CatalogueLoad) {
  await act(async () => {
    load.last().resolve(value);
    await flush();
  });
}

afterEach(() => {
  toaster.remove();
});

describe('Templates screen', () => {
  it("shows the heading, 'Loading templates...' and then the grid with the category filter", async () => {
    const { load } = setup();
    expect(await screen.findByRole('heading', { name: 'Available CV Templates' })).toBeInTheDocument();
    expect(screen.getByText('Choose from our collection of professional templates')).toBeInTheDocument();
    expect(screen.getByText('Loading templates...')).toBeInTheDocument();

    await answer(load, {
      templates: makeTemplates(4, 2),
      tags: [PROFESSIONAL, MODERN],
      cvs: [],
      failures: [],
    });
    expect(screen.queryByText('Loading templates...')).not.toBeInTheDocument();
    const filter = screen.getByRole('list', { name: 'Filter templates by category' });
    const entries = within(filter).getAllByRole('button');
    expect(entries.map((entry) => entry.textContent)).toEqual(['All Categories', 'Professional', 'Modern']);
    expect(entries[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('template-card')).toHaveLength(4);
    // Four templates: no paging.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages past 10 templates and goes back to page 1 when a category is chosen', async () => {
    const user = userEvent.setup();
    const { load } = setup();
    await answer(load, {
      templates: makeTemplates(25, 22),
      tags: [PROFESSIONAL, MODERN],
      cvs: [],
      failures: [],
    });

    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Template 11' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Professional' }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Professional' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Modern' }));
    expect(screen.getAllByTestId('template-card')).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows a gentle message with a retry when the templates cannot be loaded', async () => {
    const user = userEvent.setup();
    const { load } = setup();
    await answer(load, { tags: [], cvs: [], failures: [{ part: 'templates', error: new Error('down') }] });
    expect(screen.getByText('Templates are unavailable right now')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Loading templates...')).toBeInTheDocument();
    expect(load.requests).toHaveLength(2);
  });
});

describe('Template card', () => {
  const templates = makeTemplates(2);
  const cvs = [
    makeCv(7, 1, 'Software Engineer 2024'),
    makeCv(8, 1, 'Analyst'),
    makeCv(9, 1, 'Team Lead'),
    makeCv(10, 2, 'Designer'),
  ];

  it("offers 'Create New CV' to the mouse and to the keyboard, leading to a new CV of /dashboard/{templateId}", async () => {
    const user = userEvent.setup();
    const { load, router } = setup();
    await answer(load, { templates, tags: [], cvs: [], failures: [] });
    const card = screen.getAllByTestId('template-card')[0]!;
    const create = within(card).getByRole('link', { name: 'Create New CV' });
    // The intent travels with the link: a new CV, never a saved CV that shares the number.
    expect(create).toHaveAttribute('href', '/dashboard/1?new=true');
    // Reachable with Tab: the filter's one button first, then the first card's button.
    await user.tab();
    await user.tab();
    expect(create).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/1'));
  });

  it("shows the first CV and the rest behind 'Show More (N more)' / 'Show Less'", async () => {
    const user = userEvent.setup();
    const { load } = setup();
    await answer(load, { templates, tags: [], cvs, failures: [] });
    const [first, second] = screen.getAllByTestId('template-card') as [HTMLElement, HTMLElement];
    expect(within(first).getAllByTestId('generated-cv')).toHaveLength(1);
    expect(within(first).getByRole('link', { name: 'Software Engineer 2024' })).toHaveAttribute(
      'href',
      `/dashboard/${cvs[0]!.uuid}`,
    );
    const toggle = within(first).getByRole('button', { name: 'Show More (2 more)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(first).getAllByTestId('generated-cv')).toHaveLength(3);
    expect(within(first).getByText('Team Lead')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Show Less' }));
    expect(within(first).getAllByTestId('generated-cv')).toHaveLength(1);
    // One CV: no toggle.
    expect(within(second).queryByRole('button', { name: /Show More/ })).not.toBeInTheDocument();
  });

  it("asks 'Delete CV?' and drops the CV from the card once it is archived", async () => {
    const user = userEvent.setup();
    const { load, cvActions, actor } = setup();
    await answer(load, { templates, tags: [], cvs, failures: [] });
    const card = screen.getAllByTestId('template-card')[0]!;

    await user.click(within(card).getByRole('button', { name: 'Delete Software Engineer 2024' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete CV?')).toBeInTheDocument();
    expect(within(dialog).getByText('You can restore it from Recently deleted in CV Management.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cvActions.remove.requests).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Delete Software Engineer 2024' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(cvActions.remove.last().input.cv.id).toBe(7);
    await act(async () => {
      cvActions.remove.last().resolve();
      await flush();
    });
    expect(await screen.findByText('CV deleted')).toBeInTheDocument();
    expect(screen.getByText('The CV was archived successfully.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByText('Software Engineer 2024')).not.toBeInTheDocument());
    expect(within(card).getByText('Analyst')).toBeInTheDocument();
    expect(actor.getSnapshot().context.cvs.map((cv) => cv.id)).toEqual([8, 9, 10]);
  });

  it('downloads from the menu and emails with a toast each', async () => {
    const user = userEvent.setup();
    const { load, cvActions } = setup();
    await answer(load, { templates, tags: [], cvs, failures: [] });
    const card = screen.getAllByTestId('template-card')[1]!;

    await user.click(within(card).getByRole('button', { name: 'Download Designer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download Word' }));
    expect(cvActions.download.last().input).toEqual({ cv: cvs[3], format: 'word' });
    await act(async () => {
      cvActions.download.last().resolve(new Blob(['docx']));
      await flush();
    });
    expect(cvActions.saved).toEqual([{ name: 'Designer', format: 'word' }]);
    expect(await screen.findByText('Designer has been downloaded as Word document.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Email Designer' }));
    // Asked first, as in the builder: nothing is sent until the person confirms.
    const question = await screen.findByRole('alertdialog', { name: 'Email this CV?' });
    expect(cvActions.email.requests).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Send' }));
    expect(within(card).getByRole('button', { name: 'Email Designer' })).toBeDisabled();
    await act(async () => {
      cvActions.email.last().reject(new Error('429'));
      await flush();
    });
    expect(await screen.findByText('Failed to send CV email.')).toBeInTheDocument();
  });
});
