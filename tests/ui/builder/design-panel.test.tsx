import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NEEDS_TWO_PAGES_MESSAGE } from '../../../rules/design';
import { newCv } from '../../../src/drafts/load-cv';
import { FONTS_FAILED_MESSAGE } from '../../../src/machines/builder/design-panel-machine';
import { flush } from '../../machines/model-paths';
import { DRAFT_ID, renderBuilder, template } from './builder-harness';

// The Design panel beside the preview only shows the builder's design and sends its events.

vi.setConfig({ testTimeout: 30_000 });

const FONTS = [
  {
    id: 'noto-serif',
    name: 'Noto Serif',
    category: 'serif',
    body_family: 'Noto Serif',
    heading_family: 'Noto Serif',
  },
  {
    id: 'mono-accent',
    name: 'Mono accent',
    category: 'monospace',
    body_family: 'DejaVu Sans',
    heading_family: 'DejaVu Sans Mono',
  },
];

async function openPanel(world: ReturnType<typeof renderBuilder>) {
  await world.ready();
  const toggle = screen.getByRole('button', { name: 'Design' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await act(async () => {
    world.loadFonts.last().resolve(FONTS);
    await flush();
  });
  return screen.getByRole('region', { name: 'Design' });
}

/** A segment is chosen as a person clicks it; the radio group answers a moment later. */
async function choose(radio: HTMLElement) {
  await act(async () => {
    fireEvent.click(radio);
    await flush();
  });
}

const design = (world: ReturnType<typeof renderBuilder>) => world.builder().getSnapshot().context.design;

describe('BuilderView: the Design panel', () => {
  it('opens from the preview’s header, offers every setting, and each choice changes the CV’s design', async () => {
    const world = renderBuilder(newCv(template, DRAFT_ID, '', 'Letter'));
    const panel = await openPanel(world);
    // A new CV starts on the page size of the browser's locale.
    expect(within(panel).getByRole('radio', { name: 'Letter' })).toBeChecked();
    await choose(within(panel).getByRole('radio', { name: 'A4' }));
    expect(design(world).page_size).toBe('A4');
    await choose(within(panel).getByRole('radio', { name: 'Narrow' }));
    expect(design(world).margins).toBe('narrow');
    await choose(within(panel).getByRole('radio', { name: 'Large' }));
    expect(design(world).font_size).toBe('large');
    await choose(within(panel).getByRole('radio', { name: 'Relaxed' }));
    expect(design(world).line_spacing).toBe('relaxed');
    await choose(within(panel).getByRole('radio', { name: 'Right to left' }));
    expect(design(world).direction).toBe('rtl');
    fireEvent.click(within(panel).getByRole('button', { name: 'Teal' }));
    expect(design(world).accent_color).toBe('#00796b');
    expect(within(panel).getByRole('button', { name: 'Teal' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(within(panel).getByLabelText(/Custom colour/), { target: { value: '#ffeb3b' } });
    expect(design(world).accent_color).toBe('#ffeb3b');
    // A light colour is darkened for contrast, and the panel says so.
    expect(within(panel).getByText(/Darkened to #[0-9a-f]{6} so headings stay readable/)).toBeInTheDocument();
    const font = within(panel).getByRole('combobox', { name: 'Font' });
    expect(
      within(font)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Template’s pairing', 'Noto Serif (serif)', 'Mono accent (monospace)']);
    fireEvent.change(font, { target: { value: 'mono-accent' } });
    expect(design(world).font).toBe('mono-accent');
    const fit = within(panel).getByRole('switch', { name: 'Fit to one page' });
    expect(fit).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(fit);
    expect(fit).toHaveAttribute('aria-checked', 'true');
    expect(design(world).fit_one_page).toBe(true);
    // The download menu names the paper.
    expect(screen.queryByText('PDF (A4)')).not.toBeInTheDocument();
  });

  it('says when the CV needs 2 pages even at the smallest size', async () => {
    const world = renderBuilder();
    const panel = await openPanel(world);
    act(() => {
      world.builder().send({
        type: 'section.changed',
        sectionIndex: 0,
        values: { 'full_name-1001-0': 'Ada' },
        entryCount: 1,
      } as never);
    });
    fireEvent.click(within(panel).getByRole('switch', { name: 'Fit to one page' }));
    // The change reaches the preview through its debounce, as a keystroke does.
    await waitFor(
      () =>
        expect(world.renderPreview.requests.some((request) => request.input.design?.fit_one_page)).toBe(true),
      { timeout: 3000 },
    );
    expect(within(panel).queryByText(NEEDS_TWO_PAGES_MESSAGE)).not.toBeInTheDocument();
    await act(async () => {
      world.renderPreview.last().resolve({ kind: 'html', html: '<p>Ada</p>', fitsOnePage: false });
      await flush();
    });
    expect(within(panel).getByText(NEEDS_TWO_PAGES_MESSAGE)).toBeInTheDocument();
    // Turned off, there is nothing to say.
    fireEvent.click(within(panel).getByRole('switch', { name: 'Fit to one page' }));
    expect(within(panel).queryByText(NEEDS_TWO_PAGES_MESSAGE)).not.toBeInTheDocument();
  });

  it('resets to the template’s defaults, keeping the page size; undo brings the design back', async () => {
    const world = renderBuilder(newCv(template, DRAFT_ID, '', 'Letter'));
    const panel = await openPanel(world);
    const reset = within(panel).getByRole('button', { name: 'Reset to template defaults' });
    expect(reset).toBeDisabled();
    await choose(within(panel).getByRole('radio', { name: 'Wide' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Navy' }));
    expect(reset).toBeEnabled();
    fireEvent.click(reset);
    expect(design(world)).toMatchObject({ page_size: 'Letter', margins: 'normal', accent_color: null });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(design(world)).toMatchObject({ margins: 'wide', accent_color: '#1f3a5f' });
  });

  it('says when the fonts could not be loaded, keeps the template’s font, and tries again', async () => {
    const world = renderBuilder();
    await world.ready();
    fireEvent.click(screen.getByRole('button', { name: 'Design' }));
    await act(async () => {
      world.loadFonts.last().reject(new Error('offline'));
      await flush();
    });
    const panel = screen.getByRole('region', { name: 'Design' });
    expect(within(panel).getByRole('alert')).toHaveTextContent(FONTS_FAILED_MESSAGE);
    expect(within(panel).getByRole('combobox', { name: 'Font' })).toHaveValue('');
    fireEvent.click(within(panel).getByRole('button', { name: 'Try Again' }));
    expect(world.loadFonts.requests).toHaveLength(2);
    fireEvent.click(within(panel).getByRole('button', { name: 'Close design panel' }));
    // The drawer slides out before it leaves the page.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Design' })).not.toBeInTheDocument());
    const toggle = screen.getByRole('button', { name: 'Design' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The focus goes back to the toggle; Escape inside the panel closes it the same way.
    expect(toggle).toHaveFocus();
    fireEvent.click(toggle);
    fireEvent.keyDown(
      within(await screen.findByRole('region', { name: 'Design' })).getByRole('radio', { name: 'Wide' }),
      {
        key: 'Escape',
      },
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Design' })).not.toBeInTheDocument());
    expect(toggle).toHaveFocus();
  });
});
