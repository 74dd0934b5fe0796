import { Fragment, type ReactNode } from 'react';

// A sentence with an element inside it (an address in bold, a link) stays one message, so a translator can put the
// element where their language wants it: the message's {placeholder} is given `slot(name)`, a marker no one types,
// and `WordsWith` draws the translated words with the element in the marker's place.

// U+2063 INVISIBLE SEPARATOR: around a slot's name, never in a message or in what a person types.
const MARK = '\u2063';
const SLOT = new RegExp(`${MARK}([^${MARK}]*)${MARK}`);

/** The value of a {placeholder} that `WordsWith` fills with an element. */
export function slot(name: string): string {
  return `${MARK}${name}${MARK}`;
}

/**
 * Translated words (`t('We sent a link to {address}.', { address: slot('address') })`) with each slot drawn as the
 * element given for it.
 */
export function WordsWith({ words, slots }: { words: string; slots: Record<string, ReactNode> }) {
  // split() with a capturing group: the words at even places, the slots' names at odd ones.
  const parts = words.split(SLOT);
  return (
    <>
      {parts.map((part, index) => (index % 2 === 1 ? <Fragment key={index}>{slots[part]}</Fragment> : part))}
    </>
  );
}

/** Translated words around one slot, as the text before it and the text after it (either may be empty). */
export function aroundSlot(words: string): [before: string, after: string] {
  const [before = '', , after = ''] = words.split(SLOT);
  return [before, after];
}
