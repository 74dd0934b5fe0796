import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCREEN_READER_INSTRUCTIONS } from '../../../src/ui/builder/sortable-list';
import { newCv } from '../../../src/drafts/load-cv';
import { DRAFT_ID, card, renderBuilder, template } from './builder-harness';

// The controls that shape the CV only send the builder's events and show its snapshot — the eye, the
// heading editor, the handles, sections of one's own, Undo and Redo with their keys.

vi.setConfig({ testTimeout: 30_000 });

const cardNames = () =>
  [...document.querySelectorAll('[data-testid="section-card"]')].map((element) =>
    element.getAttribute('data-section'),
  );

describe('BuilderView: shaping the CV', () => {
  it('hides a section with its eye, marks it Hidden, never a required one, and undoes it', async () => {
    const requiredWork = {
      ...template,
      sections: template.sections.map((section) =>
        section.name === 'Work Experience' ? { ...section, is_required: true } : section,
      ),
    };
    const world = renderBuilder(newCv(requiredWork, DRAFT_ID));
    await world.ready();
    const eye = () => screen.getByRole('button', { name: 'Hide Skills from the CV' });
    expect(eye()).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(eye());
    // A toggle keeps its name; pressed says the section is hidden.
    expect(eye()).toHaveAttribute('aria-pressed', 'true');
    expect(eye()).toHaveAttribute('title', 'Show Skills in the CV');
    expect(within(card('Skills')).getByText('Hidden')).toBeInTheDocument();
    // A required section's eye stays reachable, says why, and does nothing.
    const required = screen.getByRole('button', { name: 'Hide Work Experience from the CV' });
    expect(required).toHaveAttribute('aria-disabled', 'true');
    expect(required).toHaveAccessibleDescription('Work Experience is required and always shown');
    fireEvent.click(required);
    expect(required).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: /Personal Details from the CV/ })).not.toBeInTheDocument();

    const undo = screen.getByRole('button', { name: 'Undo' });
    undo.focus();
    fireEvent.click(undo);
    expect(eye()).toHaveAttribute('aria-pressed', 'false');
    expect(within(card('Skills')).queryByText('Hidden')).not.toBeInTheDocument();
    // Nothing left to undo: the button says so and keeps the focus.
    expect(undo).toHaveAttribute('aria-disabled', 'true');
    expect(undo).toHaveFocus();
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(eye()).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(window, { key: 'z', metaKey: true });
    expect(eye()).toHaveAttribute('aria-pressed', 'false');
    fireEvent.keyDown(window, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(eye()).toHaveAttribute('aria-pressed', 'true');
  });

  it('renames a heading with Enter, keeps it on Escape, and gives the template’s name back when left blank', async () => {
    const world = renderBuilder();
    await world.ready();
    fireEvent.click(screen.getByRole('button', { name: 'Rename the heading Work Experience' }));
    const input = screen.getByRole('textbox', { name: 'Heading of Work Experience in this CV' });
    fireEvent.change(input, { target: { value: 'Professional Experience' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const heading = () =>
      within(card('Work Experience')).getByRole('button', { expanded: false }).textContent;
    expect(heading()).toContain('Professional Experience');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Rename the heading Professional Experience' }),
      ).toHaveFocus(),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Rename the heading Professional Experience' }));
    const again = screen.getByRole('textbox', { name: 'Heading of Work Experience in this CV' });
    fireEvent.change(again, { target: { value: 'Something else' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(heading()).toContain('Professional Experience');

    fireEvent.click(screen.getByRole('button', { name: 'Rename the heading Professional Experience' }));
    const blank = screen.getByRole('textbox', { name: 'Heading of Work Experience in this CV' });
    fireEvent.change(blank, { target: { value: '   ' } });
    fireEvent.keyDown(blank, { key: 'Enter' });
    expect(heading()).not.toContain('Professional Experience');
    expect(screen.getByRole('button', { name: 'Rename the heading Work Experience' })).toBeInTheDocument();
  });

  it('gives every movable section a handle with instructions, the personal details none', async () => {
    const world = renderBuilder();
    await world.ready();
    expect(cardNames()[0]).toBe('Personal Details');
    expect(screen.queryByRole('button', { name: 'Move Personal Details' })).not.toBeInTheDocument();
    const handle = screen.getByRole('button', { name: 'Move Skills' });
    const described = handle.getAttribute('aria-describedby');
    expect(described && document.getElementById(described)?.textContent).toBe(SCREEN_READER_INSTRUCTIONS);
  });

  it('adds a section of one’s own with entries, and deletes it only once confirmed', async () => {
    const world = renderBuilder();
    await world.ready();
    fireEvent.click(screen.getByRole('button', { name: 'Add Custom Section' }));
    const added = card('Custom Section');
    expect(within(added).getByText('Your section')).toBeInTheDocument();
    fireEvent.change(within(added).getByRole('textbox', { name: /Section title/ }), {
      target: { value: 'Awards' },
    });
    const awards = within(card('Awards'));
    fireEvent.change(
      within(awards.getByRole('group', { name: 'Awards entry 1' })).getByRole('textbox', { name: 'Title' }),
      {
        target: { value: 'Engineer of the Year' },
      },
    );
    fireEvent.click(awards.getByRole('button', { name: 'Add Another Awards' }));
    expect(awards.getByRole('group', { name: 'Awards entry 2' })).toBeInTheDocument();
    fireEvent.click(awards.getByRole('button', { name: 'Add Another Awards' }));
    fireEvent.click(awards.getByRole('button', { name: 'Remove Awards entry 3' }));
    await waitFor(() => expect(awards.getByRole('button', { name: 'Add Another Awards' })).toHaveFocus());
    expect(awards.getByRole('button', { name: 'Move Awards entry 1' })).toBeInTheDocument();
    expect(cardNames().at(-1)).toBe('Awards');

    fireEvent.click(screen.getByRole('button', { name: 'Delete the section Awards' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete section?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(card('Awards')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the section Awards' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(card('Awards')).toBeNull());
    // The focus goes on from 'Add Custom Section', not from the top of the page.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Custom Section' })).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(card('Awards')).getByText('Your section')).toBeInTheDocument();
  });
});
