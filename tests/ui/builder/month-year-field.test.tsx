import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../../src/i18n/i18n';
import userEvent from '@testing-library/user-event';
import { createActor, fromCallback } from 'xstate';
import type { InputField, TemplateSection } from '../../../src/api/templates';
import {
  sectionFormMachine,
  type SectionFormActor,
  type SectionFormOwner,
  type SectionFormReport,
} from '../../../src/machines/builder/section-form-machine';
import type { SectionValues } from '../../../src/cv/form-data';
import { FieldWidget } from '../../../src/ui/builder/field-widget';
import { AppProvider } from '../../../src/ui/provider';

// The builder's date field: a Month and a Year picker (the stored value is '2020-03'), 'Present' on an end date.

const field = (id: number, name: string, widget_label: string, widget_type: string): InputField => ({
  id,
  name,
  widget_label,
  widget_type,
  description: '',
  is_required: false,
});

const START = field(7012, 'start_date', 'Start Date', 'date');
const END = field(7013, 'end_date', 'End Date', 'date');
const CURRENT = field(7014, 'currently_working', 'Currently working here', 'checkbox');

const section = (input_fields: InputField[]): TemplateSection => ({
  id: 70,
  name: 'Education',
  description: '',
  is_active: true,
  is_required: false,
  is_repeatable: true,
  input_fields,
});

function renderFields(fields: InputField[], values: SectionValues = {}) {
  const reports: SectionFormReport[] = [];
  const owner: SectionFormOwner = createActor(
    fromCallback<SectionFormReport>(({ receive }) => receive((event) => reports.push(event))),
  ).start();
  const form: SectionFormActor = createActor(sectionFormMachine, {
    input: { owner, sectionIndex: 0, section: section(fields), values, entryCount: 1 },
  }).start();
  render(
    <AppProvider>
      {fields.map((each) => (
        <FieldWidget key={each.id} form={form} field={each} entryIndex={0} />
      ))}
    </AppProvider>,
  );
  return { form, values: () => form.getSnapshot().context.values };
}

const monthOf = (label: string) => screen.getByRole('combobox', { name: `${label} Month` });
const yearOf = (label: string) => screen.getByRole('combobox', { name: `${label} Year` });

describe('the month-and-year date field', () => {
  it('picks a month and a year from two labelled lists and stores 2020-03', () => {
    const world = renderFields([START, END]);
    const month = monthOf('Start Date');
    expect(month.tagName).toBe('SELECT');
    expect(within(month).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No month',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    // The field's label points at the month list; each list has a name of its own, exactly '<label> Month' / 'Year'.
    expect(screen.getByText('Start Date').closest('label')).toHaveAttribute('for', month.id);
    expect(month).toHaveAttribute('aria-label', 'Start Date Month');
    expect(yearOf('Start Date')).toHaveAttribute('aria-label', 'Start Date Year');
    expect(screen.getAllByRole('combobox').map((list) => list.getAttribute('aria-label'))).toEqual([
      'Start Date Month',
      'Start Date Year',
      'End Date Month',
      'End Date Year',
    ]);

    // A month before its year is no date yet: it stays on screen and nothing is stored.
    fireEvent.change(month, { target: { value: '3' } });
    expect(monthOf('Start Date')).toHaveValue('3');
    expect(world.values()['start_date-7012-0']).toBeUndefined();
    fireEvent.change(yearOf('Start Date'), { target: { value: '2020' } });
    expect(world.values()['start_date-7012-0']).toBe('2020-03');
    // No month: a year alone.
    fireEvent.change(monthOf('Start Date'), { target: { value: '' } });
    expect(world.values()['start_date-7012-0']).toBe('2020');
  });

  it('opens an old full date as its month and year, and a new pick drops the day', () => {
    const world = renderFields([START, END], { 'start_date-7012-0': '2020-01-15' });
    expect(monthOf('Start Date')).toHaveValue('1');
    expect(yearOf('Start Date')).toHaveValue('2020');
    expect(world.values()['start_date-7012-0']).toBe('2020-01-15');
    fireEvent.change(monthOf('Start Date'), { target: { value: '2' } });
    expect(world.values()['start_date-7012-0']).toBe('2020-02');
  });

  it("offers 'Present' on an end date: ticked it stores present, unticked it gives the date back", async () => {
    const world = renderFields([START, END], { 'end_date-7013-0': '2022-06' });
    expect(screen.getAllByRole('checkbox', { name: 'Present' })).toHaveLength(1);
    const present = screen.getByRole('checkbox', { name: 'Present' });
    await userEvent.click(screen.getByText('Present'));
    expect(world.values()['end_date-7013-0']).toBe('present');
    await waitFor(() => expect(present).toBeChecked());
    expect(monthOf('End Date')).toBeDisabled();
    expect(yearOf('End Date')).toBeDisabled();
    await userEvent.click(screen.getByText('Present'));
    expect(world.values()['end_date-7013-0']).toBe('2022-06');
    expect(monthOf('End Date')).toHaveValue('6');
  });

  it("leaves 'Present' to the section's own 'Currently working here' box, which sets the end date aside", () => {
    renderFields([START, END, CURRENT], { 'end_date-7013-0': '2022-06', 'currently_working-7014-0': 'true' });
    expect(screen.queryByRole('checkbox', { name: 'Present' })).not.toBeInTheDocument();
    expect(monthOf('End Date')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Currently working here' })).toBeChecked();
  });

  it("keeps a 'Present' to untick where another client stored present beside the section's own box", async () => {
    const world = renderFields([START, END, CURRENT], { 'end_date-7013-0': 'present' });
    expect(screen.getByRole('checkbox', { name: 'Present' })).toBeChecked();
    await userEvent.click(screen.getByText('Present'));
    expect(world.values()['end_date-7013-0']).toBe('');
    expect(screen.queryByRole('checkbox', { name: 'Present' })).not.toBeInTheDocument();
    expect(monthOf('End Date')).toBeEnabled();
  });

  it('says when the end comes before the start, and what a value that is not a date is', () => {
    renderFields([START, END], { 'start_date-7012-0': '2021-05', 'end_date-7013-0': 'Summer 2019' });
    expect(screen.getByText('This is not a date. Please choose a month and year.')).toBeInTheDocument();
    expect(screen.getByText('Saved as ‘Summer 2019’ until you pick a month and year.')).toBeInTheDocument();
    fireEvent.change(yearOf('End Date'), { target: { value: '2021' } });
    fireEvent.change(monthOf('End Date'), { target: { value: '4' } });
    expect(screen.getByText('The end date is before the start date. Please check it.')).toBeInTheDocument();
    expect(monthOf('End Date')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(monthOf('End Date'), { target: { value: '5' } });
    expect(screen.queryByText(/before the start date/)).not.toBeInTheDocument();
  });

  it("drops the end-before-start message once 'Currently working here' is ticked, and says it again unticked", async () => {
    const world = renderFields([START, END, CURRENT], { 'start_date-7012-0': '2021-03', 'end_date-7013-0': '2019-01' });
    expect(screen.getByText('The end date is before the start date. Please check it.')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Currently working here'));
    expect(world.values()['currently_working-7014-0']).toBe('true');
    await waitFor(() => expect(screen.queryByText(/before the start date/)).not.toBeInTheDocument());
    expect(monthOf('End Date')).toBeDisabled();
    expect(monthOf('End Date')).not.toHaveAttribute('aria-invalid');
    // The kept end date is the person's: unticked, it is back, and so is what is wrong with it.
    await userEvent.click(screen.getByText('Currently working here'));
    expect(world.values()['end_date-7013-0']).toBe('2019-01');
    expect(await screen.findByText('The end date is before the start date. Please check it.')).toBeInTheDocument();
  });

  it('comes year first in Japanese, which writes 2020年3月', () => {
    i18n.load('ja', {});
    act(() => i18n.activate('ja'));
    try {
      renderFields([START]);
      expect(screen.getAllByRole('combobox').map((list) => list.id)).toEqual([
        monthOf('Start Date').id + '-year',
        monthOf('Start Date').id,
      ]);
    } finally {
      act(() => i18n.activate('en'));
    }
  });
});
