import type { Message } from '../../rules/languages';

// What an import did, counted by the mapping (./json-resume.ts), and the import dialog's words for it. A module of its
// own, small: the dialog words the summary in the interface's language without loading the mapping.

/** A value kept as written although its field's rules refuse it: the person puts it right there. */
export interface FlaggedValue {
  /** "Personal Details: 'Phone Number'", a message (src/cv/field-rules.ts's problemPlace). */
  place: Message;
  value: string;
  message: string;
}

/**
 * Something not imported: its place in the file ('talks[2]') or its section's heading, shown as they are; or a
 * sentence about it, a message shown through `t` ('basics.url (javascript: addresses are not allowed)').
 */
export type NotImported = string | Exclude<Message, string>;

export interface ImportSummary {
  /** Entries placed: one per repeated entry, one for the personal details, one for a summary. */
  entries: number;
  /** Sections that received values, the template's and the CV's own. */
  sections: number;
  /** Sections of the CV's own that hold what the template has no section or field for. */
  ownSections: string[];
  /** What could not be placed at all (beyond the limits of a CV, an address refused, a value of no kind). */
  notImported: NotImported[];
  /** Values kept as written that their field's rules refuse. */
  flagged?: FlaggedValue[];
  /** The photo's address (`basics.image`), kept as a line but never fetched: the person adds the photo. */
  photoNotFetched?: string;
  /** Whether `basics.image` became the CV's photo. */
  photo?: boolean;
}

/** How a view words a message: its `t` (src/i18n/i18n.ts), so that the words follow the interface's language. */
export type Say = (message: Message, values?: Record<string, string | number>) => string;

/**
 * '12 entries in 6 sections; 2 parts added as sections of your own (Volunteering, References)', in the words of the
 * view's `t`. The sections' names are the CV's own and stay as they are.
 */
export function describeImport(summary: ImportSummary, t: Say): string {
  const parts = [
    t(
      '{entries, plural, one {{entries} entry} other {{entries} entries}} in {sections, plural, one {{sections} section} other {{sections} sections}}',
      { entries: summary.entries, sections: summary.sections },
    ),
  ];
  if (summary.ownSections.length > 0) {
    parts.push(
      t(
        '{count, plural, one {{count} part added as sections of your own ({names})} other {{count} parts added as sections of your own ({names})}}',
        { count: summary.ownSections.length, names: summary.ownSections.join(', ') },
      ),
    );
  }
  if (summary.photo) parts.push(t('the photo added'));
  if (summary.notImported.length > 0) {
    const items = summary.notImported.map((item) => (typeof item === 'string' ? item : t(item)));
    parts.push(t('not imported: {items}', { items: items.join(', ') }));
  }
  if (summary.photoNotFetched !== undefined) {
    // Nothing is fetched from an address a file names: the address is kept, and the person adds the photo.
    parts.push(
      t(
        'the photo at {address} was not fetched (its address is kept with your details): use Add photo in Design',
        { address: summary.photoNotFetched },
      ),
    );
  }
  return parts.join('; ');
}

/**
 * The values kept as written that their fields refuse, in the words of the view's `t`: "1 value needs a look:
 * Personal Details: 'Phone Number' ((912) 555-4321)"; undefined when there are none.
 */
export function describeFlagged(summary: ImportSummary, t: Say): string | undefined {
  const flagged = summary.flagged ?? [];
  if (flagged.length === 0) return undefined;
  return t(
    '{count, plural, one {{count} value needs a look: {values}} other {{count} values need a look: {values}}}',
    {
      count: flagged.length,
      values: flagged
        .map((flag) => t('{place} ({value})', { place: t(flag.place), value: flag.value }))
        .join('; '),
    },
  );
}
