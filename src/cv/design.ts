import {
  designToWire,
  templateDesign,
  type CvDesign,
  type PhotoDesign,
  type WireDesign,
} from '../api/design';
import { readableAccent } from '../../rules/design';
import { msg } from '../../rules/languages';

// A CV's design settings in the builder: what travels with the CV beside its values and layout.

/** What a CV without a design prints with: the template's look on A4 (the server's default). */
export const PLAIN_DESIGN: CvDesign = templateDesign('A4');

/** The swatches the Design panel offers beside the template's own colour and a free colour input. */
export const ACCENT_SWATCHES: readonly { name: string; color: string }[] = [
  { name: msg('Navy'), color: '#1f3a5f' },
  { name: msg('Blue'), color: '#1565c0' },
  { name: msg('Teal'), color: '#00796b' },
  { name: msg('Green'), color: '#2e7d32' },
  { name: msg('Burgundy'), color: '#8e2431' },
  { name: msg('Purple'), color: '#5e35b1' },
  { name: msg('Orange'), color: '#c25e00' },
  { name: msg('Charcoal'), color: '#37474f' },
];

export function samePhoto(a: PhotoDesign, b: PhotoDesign): boolean {
  return (
    a.shape === b.shape &&
    a.size === b.size &&
    a.border === b.border &&
    a.grayscale === b.grayscale &&
    a.hidden === b.hidden &&
    a.image === b.image
  );
}

export function sameDesign(a: CvDesign, b: CvDesign): boolean {
  return (Object.keys(a) as (keyof CvDesign)[]).every((key) =>
    key === 'photo' ? samePhoto(a.photo, b.photo) : a[key] === b[key],
  );
}

/** Whether the design says nothing the server's default does not (a CV saved with it prints as with none). */
export function isPlainDesign(design: CvDesign): boolean {
  return sameDesign(design, PLAIN_DESIGN);
}

/** The design without the photo's image (which a save PUTs on its own, and a preview sends beside the design). */
export function withoutImage(design: CvDesign): CvDesign {
  if (design.photo.image === undefined) return design;
  const { image: _image, ...photo } = design.photo;
  return { ...design, photo };
}

/** The design as a save sends it: null gives a CV that had one its template's look back. */
export function designForServer(design: CvDesign): WireDesign | null {
  const sent = withoutImage(design);
  return isPlainDesign(sent) ? null : designToWire(sent);
}

/** The photo's settings changed (the image stays unless `change` says). */
export function changePhoto(design: CvDesign, change: Partial<PhotoDesign>): CvDesign {
  const photo = { ...design.photo, ...change };
  if (change.image === undefined && 'image' in change) delete photo.image;
  return { ...design, photo };
}

/** One or more settings changed; a colour is kept in lower case as the server answers it. */
export function changeDesign(design: CvDesign, change: Partial<CvDesign>): CvDesign {
  const next = { ...design, ...change };
  return next.accent_color ? { ...next, accent_color: next.accent_color.toLowerCase() } : next;
}

/**
 * 'Reset to template defaults': the template's colour, fonts, sizes and spacing. The page size and the language
 * stay: they depend on where the CV is sent and who writes it, not on the template.
 */
export function resetDesign(design: CvDesign): CvDesign {
  // The language stays too: it is the person's, not the template's. The photo is the person's as well.
  return { ...templateDesign(design.page_size, design.language), photo: design.photo };
}

/** The colour headings will print in when `color` is too light for 4.5:1 on white; undefined when it reads well. */
export function darkenedAccent(color: string | null): string | undefined {
  if (!color) return undefined;
  const readable = readableAccent(color);
  return readable === color.toLowerCase() ? undefined : readable;
}
