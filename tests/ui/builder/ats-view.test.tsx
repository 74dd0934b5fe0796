import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { flush } from '../../machines/model-paths';
import { card, renderBuilder } from './builder-harness';

// The preview's third mode shows what an applicant tracking system reads from the PDF and the checklist.

vi.setConfig({ testTimeout: 30_000 });

describe('the ATS view', () => {
  it('is the third preview mode: nothing to read while the CV is empty, then the text and the checklist', async () => {
    const world = renderBuilder();
    await world.ready();
    await act(async () => {
      world.renderTemplatePreview.last().resolve({ kind: 'template', templateName: 'Executive Classic', iconUrl: null });
      await flush();
    });

    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'ATS' }));
      await flush();
    });
    expect(world.renderTemplatePreview.last().input.mode).toBe('ats');
    await act(async () => {
      world.renderTemplatePreview.last().resolve({ kind: 'ats' });
      await flush();
    });
    expect(screen.getByText('Nothing to read yet')).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.change(within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ }), {
        target: { value: 'Ada Lovelace' },
      });
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(world.renderPreview.requests).toHaveLength(1));
    expect(world.renderPreview.last().input.mode).toBe('ats');
    await act(async () => {
      world.renderPreview.last().resolve({
        kind: 'ats',
        report: {
          text: 'Ada Lovelace\nWORK EXPERIENCE\nAnalyst',
          checks: [
            {
              id: 'values',
              passed: false,
              problems: [
                'Work Experience › Company: Babbage & Co',
                'Name: Ada Lovelace is split, read as “Ada Love lace”',
              ],
            },
            { id: 'order', passed: true, problems: [] },
            { id: 'contact', passed: false, problems: ['Email'] },
            { id: 'characters', passed: true, problems: [] },
          ],
        },
      });
      await flush();
    });
    const checklist = screen.getByRole('list', { name: 'ATS checklist' });
    expect(within(checklist).getByText('Not found whole in the text:')).toBeInTheDocument();
    expect(within(checklist).getByText('Work Experience › Company: Babbage & Co')).toBeInTheDocument();
    expect(
      within(checklist).getByText('Name: Ada Lovelace is split, read as “Ada Love lace”'),
    ).toBeInTheDocument();
    expect(within(checklist).getByText('Sections are read in your order')).toBeInTheDocument();
    expect(within(checklist).getByText('Not in the first lines, where parsers look:')).toBeInTheDocument();
    expect(within(checklist).getByText('No ligatures or unreadable characters')).toBeInTheDocument();
    expect(screen.getByText('2 of 4 checks need attention')).toBeInTheDocument();
    const text = screen.getByRole('region', { name: 'Text read from the PDF' });
    expect(text).toHaveTextContent('Ada Lovelace WORK EXPERIENCE Analyst');
    // The text scrolls by keyboard too.
    expect(text).toHaveAttribute('tabindex', '0');
  });
});
