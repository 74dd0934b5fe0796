import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../src/api/api-error';
import { savedCv } from '../../../src/drafts/load-cv';
import { setRenderListener } from '../../../src/ui/builder/render-probe';
import { flush } from '../../machines/model-paths';
import { UUID, card, header, renderBuilder, template } from './builder-harness';

const setup = renderBuilder;

afterEach(() => setRenderListener(undefined));

// Whole views with a rich text editor render slowly on a shared machine; no assertion here is about time.
vi.setConfig({ testTimeout: 30_000 });

describe('BuilderView', () => {
  it("shows 'Loading CV template...', then the header, the info alert and the section cards", async () => {
    const world = setup();
    expect(screen.getByText('Loading CV template...')).toBeInTheDocument();
    await world.ready();
    expect(screen.getByText('Untitled CV')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Complete each section to build your CV. You can expand any section at any time, but we recommend completing them in order.',
      ),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('[data-testid="section-card"]')).toHaveLength(template.sections.length);
    expect(header('Personal Details')).toHaveAttribute('aria-expanded', 'true');
    expect(header('Work Experience')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Save CV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Download/ })).toBeDisabled();
  });

  it("tells a load failure with the 'Error' toast and offers to try again", async () => {
    const world = setup();
    await act(async () => {
      world.loadCv.last().reject(new ApiError('Not found.', { status: 404 }));
      await flush();
    });
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to load CV data. Please try again.').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(world.loadCv.requests).toHaveLength(2);
    expect(screen.getByText('Loading CV template...')).toBeInTheDocument();
  });

  it('re-renders only the field being typed in', async () => {
    const world = setup();
    await world.ready();
    const renders: string[] = [];
    setRenderListener((key) => renders.push(key));
    const fullName = within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ });
    fireEvent.change(fullName, { target: { value: 'A' } });
    fireEvent.change(fullName, { target: { value: 'Ad' } });
    fireEvent.change(fullName, { target: { value: 'Ada' } });
    expect(renders).toEqual(['full_name-1001-0', 'full_name-1001-0', 'full_name-1001-0']);
    expect(fullName).toHaveValue('Ada');
  });

  it('gives each widget type its control, unknown types a text box, and required fields an asterisk', async () => {
    const world = setup();
    await world.ready();
    const personal = within(card('Personal Details'));
    expect(personal.getByText('Full Name').closest('label')).toHaveTextContent('Full Name*');
    expect(personal.getByText('Location').closest('label')).toHaveTextContent(/^Location$/);
    expect(personal.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    const unknown = personal.getByRole('textbox', { name: 'Favourite Colour' });
    expect(unknown.tagName).toBe('INPUT');
    expect(unknown.getAttribute('type') ?? 'text').toBe('text');
    expect(personal.getByRole('combobox', { name: 'Country calling code' })).toHaveValue('US');
    expect(personal.getAllByRole('option').length).toBeGreaterThan(200);

    fireEvent.click(header('Professional Summary'));
    const summary = within(card('Professional Summary')).getByRole('textbox', { name: 'Summary' });
    expect(summary.tagName).toBe('TEXTAREA');

    fireEvent.click(header('Work Experience'));
    const work = within(card('Work Experience'));
    // A date is a month and a year, each from a list (tests/ui/builder/month-year-field.test.tsx).
    expect(work.getByRole('combobox', { name: 'Start Date Month' }).tagName).toBe('SELECT');
    expect(work.getByRole('combobox', { name: 'Start Date Year' }).tagName).toBe('SELECT');
    expect(work.getByRole('checkbox', { name: 'Currently Working' })).not.toBeChecked();
    // The editor comes in its own chunk: the first import may take a while here.
    expect(await work.findByRole('textbox', { name: 'Description' }, { timeout: 20_000 })).toHaveAttribute(
      'contenteditable',
      'true',
    );
    expect(work.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
  });

  it('filters the phone number as it is typed and stores it with the dial code', async () => {
    const world = setup();
    await world.ready();
    const phone = within(card('Personal Details')).getByRole('textbox', { name: 'Phone' });
    fireEvent.change(phone, { target: { value: '(555) abc 123-4567!' } });
    expect(phone).toHaveValue('(555)  123-4567');
    fireEvent.change(
      within(card('Personal Details')).getByRole('combobox', { name: 'Country calling code' }),
      { target: { value: 'GB' } },
    );
    expect(
      within(card('Personal Details')).getByRole('combobox', { name: 'Country calling code' }),
    ).toHaveValue('GB');
    expect(phone).toHaveValue('(555)  123-4567');
  });

  it("adds entries with 'Add Another {section name}', labels them 'Entry N' and removes them", async () => {
    const world = setup();
    await world.ready();
    fireEvent.click(header('Work Experience'));
    const work = within(card('Work Experience'));
    fireEvent.click(work.getByRole('button', { name: 'Add Another Work Experience' }));
    fireEvent.click(work.getByRole('button', { name: 'Add Another Work Experience' }));
    expect(work.getByText('Entry 2')).toBeInTheDocument();
    expect(work.getByText('Entry 3')).toBeInTheDocument();
    expect(work.queryByText('Entry 1')).not.toBeInTheDocument();
    fireEvent.change(
      within(work.getByRole('group', { name: 'Entry 3' })).getByRole('textbox', { name: /Job Title/ }),
      { target: { value: 'CTO' } },
    );
    fireEvent.click(work.getByRole('button', { name: 'Remove Entry 2' }));
    expect(work.queryByText('Entry 3')).not.toBeInTheDocument();
    expect(
      within(work.getByRole('group', { name: 'Entry 2' })).getByRole('textbox', { name: /Job Title/ }),
    ).toHaveValue('CTO');
  });

  it('refuses an empty section, completes a filled one and opens the next', async () => {
    const world = setup();
    await world.ready();
    const personal = within(card('Personal Details'));
    fireEvent.click(personal.getByRole('button', { name: 'Complete Section' }));
    expect(personal.getByRole('alert')).toHaveTextContent(
      'Please fill in at least one field before submitting.',
    );
    fireEvent.change(personal.getByRole('textbox', { name: /Full Name/ }), {
      target: { value: 'Ada Lovelace' },
    });
    fireEvent.click(personal.getByRole('button', { name: 'Complete Section' }));
    expect(card('Personal Details')).toHaveAttribute('data-completed', 'true');
    expect(header('Personal Details')).toHaveAttribute('aria-expanded', 'false');
    expect(header('Professional Summary')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Save CV' })).toBeEnabled();
  });

  it('says in words why Save is not offered yet (a phone shows no tooltip), and stops once it is', async () => {
    const world = setup();
    await world.ready();
    const save = screen.getByRole('button', { name: 'Save CV' });
    expect(save).toBeDisabled();
    const reason = 'Complete a section to save, download or email your CV.';
    expect(screen.getByTestId('save-reason')).toHaveTextContent(reason);
    expect(save).toHaveAccessibleDescription(reason);
    const personal = within(card('Personal Details'));
    fireEvent.change(personal.getByRole('textbox', { name: /Full Name/ }), { target: { value: 'Ada' } });
    fireEvent.click(personal.getByRole('button', { name: 'Complete Section' }));
    expect(save).toBeEnabled();
    expect(screen.queryByTestId('save-reason')).not.toBeInTheDocument();
    expect(save).not.toHaveAccessibleDescription(reason);
  });

  it('opens the save dialog and warns about a blank name', async () => {
    const world = setup();
    await world.ready();
    const personal = within(card('Personal Details'));
    fireEvent.change(personal.getByRole('textbox', { name: /Full Name/ }), { target: { value: 'Ada' } });
    fireEvent.click(personal.getByRole('button', { name: 'Complete Section' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save CV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save CV' });
    expect(
      within(dialog).getByText('Enter a name or tag for your CV to help you identify it later.'),
    ).toBeInTheDocument();
    const name = within(dialog).getByLabelText('CV Name');
    expect(name).toHaveAttribute('placeholder', 'e.g., Software Engineer 2024');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a name for your CV before saving.')).toBeInTheDocument();
    await userEvent.type(name, 'Software Engineer 2024');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.createCv.requests).toHaveLength(1));
    expect(world.createCv.last().input.payload).toEqual({
      name: 'Software Engineer 2024',
      template: 1,
      entries: [{ value: 'Ada', index: 0, section_field: 1001 }],
      layout: null,
      design: null,
    });
  });

  it('enables Download for a saved CV', async () => {
    const world = setup(
      savedCv(
        {
          id: 7,
          uuid: UUID,
          name: 'Mine',
          template: 1,
          entries: [{ value: 'Ada', index: 0, section_field: 1001 }],
        },
        template,
      ),
    );
    await world.ready();
    expect(screen.getByText('Mine')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download/ })).toBeEnabled();
    expect(card('Personal Details')).toHaveAttribute('data-completed', 'true');
  });
});

describe('BuilderView: work kept and said plainly', () => {
  const savedMine = () =>
    savedCv(
      {
        id: 7,
        uuid: UUID,
        name: 'Mine',
        template: 1,
        entries: [
          { value: 'Ada', index: 0, section_field: 1001 },
          { value: 'Builds things', index: 0, section_field: 1008 },
        ],
        last_updated: '2026-11-20T10:00:00.000Z',
      },
      template,
    );

  it("shows 'Unsaved changes' as soon as the form differs from the saved copy, and offers to save first", async () => {
    const world = setup(savedMine());
    await world.ready();
    fireEvent.click(header('Personal Details'));
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    fireEvent.change(within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ }), {
      target: { value: 'Ada Lovelace' },
    });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Save and email/ })[0]).toBeEnabled();
    fireEvent.change(within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ }), {
      target: { value: 'Ada' },
    });
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('shows server-shaped values of every widget as they were saved, without reporting a change', async () => {
    const world = setup(
      savedCv(
        {
          id: 7,
          uuid: UUID,
          name: 'Mine',
          template: 1,
          entries: [
            { value: 'Ada', index: 0, section_field: 1001 },
            { value: '+44 20 7946 0000', index: 0, section_field: 1004 },
            { value: 'Engineer', index: 0, section_field: 1009 },
            { value: '2020-01-15', index: 0, section_field: 1012 },
            { value: 'true', index: 0, section_field: 1014 },
            {
              value: '<p><strong>Led</strong> a team</p><ul><li>Shipped</li></ul>',
              index: 0,
              section_field: 1015,
            },
          ],
          last_updated: '2026-11-20T10:00:00.000Z',
        },
        template,
      ),
    );
    await world.ready();
    fireEvent.click(header('Personal Details'));
    fireEvent.click(header('Work Experience'));
    const personal = within(card('Personal Details'));
    expect(personal.getByRole('combobox', { name: 'Country calling code' })).toHaveValue('GB');
    expect(personal.getByRole('textbox', { name: 'Phone' })).toHaveValue('20 7946 0000');
    const work = within(card('Work Experience'));
    // A date saved with its day opens as its month and year (and is kept as saved until it is changed).
    expect(work.getByRole('combobox', { name: 'Start Date Month' })).toHaveValue('1');
    expect(work.getByRole('combobox', { name: 'Start Date Year' })).toHaveValue('2020');
    expect(work.getByRole('checkbox', { name: 'Currently Working' })).toBeChecked();
    const description = await work.findByRole('textbox', { name: 'Description' }, { timeout: 20_000 });
    await waitFor(() => expect(description).toHaveTextContent('Led a team'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('ticks a checkbox by its label', async () => {
    const world = setup();
    await world.ready();
    fireEvent.click(header('Work Experience'));
    const box = within(card('Work Experience')).getByRole('checkbox', { name: 'Currently Working' });
    const label = within(card('Work Experience')).getByText('Currently Working');
    expect(label.closest('label')).toHaveAttribute('for', box.id);
    await userEvent.click(label);
    expect(box).toBeChecked();
  });

  it("moves the focus to the next section's header after 'Complete Section'", async () => {
    const world = setup();
    await world.ready();
    fireEvent.change(within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ }), {
      target: { value: 'Ada' },
    });
    fireEvent.click(within(card('Personal Details')).getByRole('button', { name: 'Complete Section' }));
    await waitFor(() => expect(header('Professional Summary')).toHaveFocus());
  });

  it('gives the focus back to Save CV when the save dialog closes', async () => {
    const world = setup();
    await world.ready();
    fireEvent.change(within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ }), {
      target: { value: 'Ada' },
    });
    fireEvent.click(within(card('Personal Details')).getByRole('button', { name: 'Complete Section' }));
    const save = screen.getByRole('button', { name: 'Save CV' });
    await userEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save CV' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(save).toHaveFocus());
  });

  it('gives the focus back to Save CV after a save', async () => {
    const world = setup();
    await world.ready();
    fireEvent.change(within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ }), {
      target: { value: 'Ada' },
    });
    fireEvent.click(within(card('Personal Details')).getByRole('button', { name: 'Complete Section' }));
    const save = screen.getByRole('button', { name: 'Save CV' });
    await userEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save CV' });
    await userEvent.type(within(dialog).getByLabelText('CV Name'), 'Mine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await act(async () => {
      const pending = world.createCv.last();
      pending.resolve({
        id: 7,
        uuid: UUID,
        name: 'Mine',
        template: 1,
        entries: [],
        last_updated: '2026-01-01T00:00:00.000Z',
      });
      await flush();
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save CV' })).not.toBeInTheDocument());
    await waitFor(() => expect(save).toHaveFocus());
  });

  it('says near the limit how long a field is', async () => {
    const world = setup();
    await world.ready();
    const fullName = within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ });
    expect(fullName).toHaveAttribute('maxLength', '20000');
    fireEvent.change(fullName, { target: { value: 'a'.repeat(18_500) } });
    expect(within(card('Personal Details')).getByText('18,500 / 20,000 characters')).toBeInTheDocument();
  });

  it("lists what the template cannot show after a switch: 'Not shown in this template: …'", async () => {
    const world = setup(savedMine());
    await world.ready();
    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), { target: { value: '4' } });
    expect(await screen.findByTestId('stash-notice')).toHaveTextContent(
      'Not shown in this template: Professional Summary.',
    );
  });

  it("says 'This CV was changed elsewhere.' and offers Reload and Overwrite", async () => {
    const world = setup(savedMine());
    await world.ready();
    fireEvent.click(header('Personal Details'));
    fireEvent.change(within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ }), {
      target: { value: 'Ada L' },
    });
    // A saved CV with a name: 'Save CV' saves at once.
    fireEvent.click(screen.getByRole('button', { name: 'Save CV' }));
    expect(screen.queryByRole('dialog', { name: 'Save CV' })).not.toBeInTheDocument();
    await act(async () => {
      world.updateCv.last().reject(new ApiError('This CV was changed elsewhere.', { status: 412 }));
      await flush();
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'This CV was changed elsewhere.' });
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(world.updateCv.requests).toHaveLength(2));
    expect(world.updateCv.last().input.ifLastUpdated).toBeUndefined();
  });

  it("opens a new CV's name dialog with Ctrl+S, and Ctrl+S again in it saves as its Save button does", async () => {
    const world = setup();
    await world.ready();
    const personal = within(card('Personal Details'));
    fireEvent.change(personal.getByRole('textbox', { name: /Full Name/ }), { target: { value: 'Ada' } });
    fireEvent.click(personal.getByRole('button', { name: 'Complete Section' }));
    await userEvent.keyboard('{Control>}s{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Save CV' });
    const name = within(dialog).getByLabelText('CV Name');
    await waitFor(() => expect(name).toHaveFocus());
    // A blank name is refused as the Save button refuses it.
    await userEvent.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('Please enter a name for your CV before saving.')).toBeInTheDocument();
    expect(world.createCv.requests).toHaveLength(0);
    await userEvent.type(name, 'Mine');
    await userEvent.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(world.createCv.requests).toHaveLength(1));
    expect(world.createCv.last().input.payload).toMatchObject({ name: 'Mine' });
  });

  it('saves a saved CV with Ctrl+S from inside a field, asking nothing', async () => {
    const world = setup(savedMine());
    await world.ready();
    fireEvent.click(header('Personal Details'));
    const field = within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ });
    fireEvent.change(field, { target: { value: 'Ada L' } });
    field.focus();
    await userEvent.keyboard('{Control>}s{/Control}');
    expect(world.updateCv.requests).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says where the email goes before it is sent', async () => {
    const world = setup(savedMine());
    await world.ready();
    fireEvent.click(screen.getAllByRole('button', { name: 'Email' })[0]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Email this CV?' });
    expect(dialog).toHaveTextContent('It is sent as a PDF to the email address of your account.');
    expect(world.email.requests).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(world.email.requests).toHaveLength(1));
  });

  it("says 'This CV is open in another tab.' and takes over only when asked", async () => {
    const world = setup(savedMine(), { openElsewhere: true });
    await world.ready();
    expect(
      await screen.findByRole('heading', { name: 'This CV is open in another tab.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save CV' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Take over here' }));
    expect(world.takeOver.requests).toHaveLength(1);
  });
});

describe('PreviewPane', () => {
  it('shows the template while nothing is typed, then the CV in a sandboxed frame', async () => {
    const world = setup();
    await world.ready();
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.getByText('Generating preview...')).toBeInTheDocument();
    await act(async () => {
      world.renderTemplatePreview
        .last()
        .resolve({ kind: 'template', templateName: 'Executive Classic', iconUrl: '/icon.png' });
      await flush();
    });
    expect(screen.getByText('No Preview Available')).toBeInTheDocument();
    expect(screen.getByText('Start filling out the CV sections to see a preview')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Executive Classic with sample content' })).toHaveAttribute(
      'src',
      '/icon.png',
    );
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('1');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.change(within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ }), {
        target: { value: 'Ada' },
      });
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(world.renderPreview.requests).toHaveLength(1));
    await act(async () => {
      world.renderPreview.last().resolve({ kind: 'html', html: '<h1>Ada</h1><script>alert(1)</script>' });
      await flush();
    });
    const frame = screen.getByTitle('CV preview');
    expect(frame.tagName).toBe('IFRAME');
    // No script runs in it; the same origin lets the builder lay its document out as pages.
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Ada</h1>');
  });

  it("shows 'Preview Error' in the person's words, never the server's text, and 'Try Again'", async () => {
    const world = setup();
    await world.ready();
    await act(async () => {
      world.renderTemplatePreview
        .last()
        .reject(new ApiError('Template not found.', { status: 404, serverMessage: 'Template not found.' }));
      await flush();
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Preview Error')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to generate preview')).toBeInTheDocument();
    expect(within(alert).queryByText('Template not found.')).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(world.renderTemplatePreview.requests).toHaveLength(2);
    expect(screen.getByText('Generating preview...')).toBeInTheDocument();
  });
});
