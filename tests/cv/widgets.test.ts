import { isSummaryField, isTicked, widgetKindOf } from '../../src/cv/widgets';

describe('field widgets', () => {
  it.each([
    ['text-input', 'text'],
    ['phone-input', 'phone'],
    ['email-input', 'email'],
    ['date', 'date'],
    ['checkbox', 'checkbox'],
    ['richtext-input', 'rich-text'],
    ['colour-picker', 'text'],
    ['', 'text'],
  ])('%s → %s', (widget_type, kind) => {
    expect(widgetKindOf({ name: 'field', widget_type })).toBe(kind);
  });

  it.each(['summary', 'profile_summary', 'career_objective', 'Aim', 'OBJECTIVE_statement'])(
    'a text input named %s is the tall multi-line box',
    (name) => {
      expect(isSummaryField({ name })).toBe(true);
      expect(widgetKindOf({ name, widget_type: 'text-input' })).toBe('long-text');
      // An unknown type is a text input too, so the rule holds for it as well.
      expect(widgetKindOf({ name, widget_type: 'mystery' })).toBe('long-text');
    },
  );

  it('leaves other widget types alone even with a summary-like name', () => {
    expect(widgetKindOf({ name: 'intro_summary', widget_type: 'richtext-input' })).toBe('rich-text');
    expect(widgetKindOf({ name: 'job_title', widget_type: 'text-input' })).toBe('text');
  });

  it('reads a ticked checkbox', () => {
    expect(isTicked('true')).toBe(true);
    expect(isTicked('on')).toBe(true);
    expect(isTicked('')).toBe(false);
    expect(isTicked(undefined)).toBe(false);
  });
});
