import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../src/api/api-error';
import type { SavedGeneratedCv } from '../../../src/api/cvs';
import type { Template, TemplateDetail } from '../../../src/api/templates';
import {
  builderDownloadMachine,
  type BuilderDownloadRequest,
} from '../../../src/machines/builder-download-machine';
import { builderMachine, type SaveCvInput } from '../../../src/machines/builder-machine';
import { newCv, savedCv, type LoadedCv } from '../../../src/machines/builder/load-cv';
import {
  previewMachine,
  type PreviewResult,
  type RenderPreviewInput,
} from '../../../src/machines/preview-machine';
import { BuilderView } from '../../../src/ui/builder/builder-view';
import { setRenderListener } from '../../../src/ui/builder/render-probe';
import { AppProvider } from '../../../src/ui/provider';
import { showToast } from '../../../src/ui/toaster';
import { deferredActor, flush } from '../../machines/model-paths';
import { classicTemplate, timelineTemplate } from '../../machines/builder/fixtures';

const UUID = '3f2b8c1e-6a4d-4e2f-9b7a-1c2d3e4f5a6b';

// The classic template plus a field of a widget type the builder does not know.
const template: TemplateDetail = {
  ...classicTemplate,
  sections: classicTemplate.sections.map((section, index) =>
    index === 0
      ? {
          ...section,
          input_fields: [
            ...section.input_fields,
            {
              id: 1099,
              name: 'favourite_colour',
              widget_label: 'Favourite Colour',
              widget_type: 'colour-picker',
              description: '',
              is_required: false,
            },
          ],
        }
      : section,
  ),
};

function setup(loaded: LoadedCv = newCv(template)) {
  const loadCv = deferredActor<LoadedCv, { routeId: string }>();
  const createCv = deferredActor<SavedGeneratedCv, SaveCvInput>();
  const renderPreview = deferredActor<PreviewResult, RenderPreviewInput>();
  const renderTemplatePreview = deferredActor<PreviewResult, RenderPreviewInput>();
  const machine = builderMachine.provide({
    actors: {
      loadCv: loadCv.logic,
      loadTemplates: fromPromise<Template[]>(async () => [classicTemplate, timelineTemplate]),
      loadTemplate: fromPromise<TemplateDetail, { templateId: number }>(async () => timelineTemplate),
      createCv: createCv.logic,
      preview: previewMachine.provide({
        actors: { renderPreview: renderPreview.logic, renderTemplatePreview: renderTemplatePreview.logic },
      }),
      downloads: builderDownloadMachine.provide({
        actors: { downloadCv: fromPromise<void, BuilderDownloadRequest>(async () => undefined) },
      }),
    },
    actions: { replaceAddress: () => undefined, notify: (_, notice) => void showToast(notice) },
  });
  function Harness() {
    const builder = useActorRef(machine, { input: { routeId: '1' } });
    return <BuilderView builder={builder} />;
  }
  render(
    <AppProvider>
      <Harness />
    </AppProvider>,
  );
  const ready = async () => {
    await act(async () => {
      loadCv.last().resolve(loaded);
      await flush();
    });
    await screen.findByRole('heading', { name: 'CV Builder', level: 1 });
  };
  return { loadCv, createCv, renderPreview, renderTemplatePreview, ready };
}

const card = (name: string) =>
  document.querySelector<HTMLElement>(`[data-testid="section-card"][data-section="${name}"]`)!;
const header = (name: string) => card(name).querySelector<HTMLButtonElement>('button[aria-expanded]')!;

afterEach(() => setRenderListener(undefined));

// Whole views with a rich text editor render slowly on a shared machine; no assertion here is about time.
vi.setConfig({ testTimeout: 30_000 });

describe('BuilderView (spec §2 CV builder)', () => {
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
    expect(work.getByLabelText('Start Date')).toHaveAttribute('type', 'date');
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

describe('PreviewPane (spec §2 Preview panel)', () => {
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
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Ada</h1>');
  });

  it("shows 'Preview Error' with the server's message and 'Try Again'", async () => {
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
    expect(within(alert).getByText('Template not found.')).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(world.renderTemplatePreview.requests).toHaveLength(2);
    expect(screen.getByText('Generating preview...')).toBeInTheDocument();
  });
});
