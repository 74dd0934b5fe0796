/*
 * The bundled fonts a CV's design may choose. Each is installed on the machine from Debian's font
 * packages (scripts/setup.mjs's DEBIAN_PACKAGES: fonts-noto-core, fonts-liberation, fonts-dejavu-core), so Chromium
 * embeds it in the PDF and nothing is fetched at run time. Text in a script a face lacks falls back to Noto
 * (html.ts's fontStack). A choice names a body face and a heading face: 'Mono accent' sets headings in a
 * monospace face over a sans body.
 */

export type FontCategory = 'serif' | 'sans-serif' | 'monospace';

export interface BundledFont {
  id: string;
  name: string;
  category: FontCategory;
  body: string;
  heading: string;
}

export const BUNDLED_FONTS: readonly BundledFont[] = [
  { id: 'noto-serif', name: 'Noto Serif', category: 'serif', body: 'Noto Serif', heading: 'Noto Serif' },
  {
    id: 'liberation-serif',
    name: 'Liberation Serif',
    category: 'serif',
    body: 'Liberation Serif',
    heading: 'Liberation Serif',
  },
  { id: 'noto-sans', name: 'Noto Sans', category: 'sans-serif', body: 'Noto Sans', heading: 'Noto Sans' },
  {
    id: 'liberation-sans',
    name: 'Liberation Sans',
    category: 'sans-serif',
    body: 'Liberation Sans',
    heading: 'Liberation Sans',
  },
  {
    id: 'dejavu-sans',
    name: 'DejaVu Sans',
    category: 'sans-serif',
    body: 'DejaVu Sans',
    heading: 'DejaVu Sans',
  },
  {
    id: 'mono-accent',
    name: 'Mono accent',
    category: 'monospace',
    body: 'Noto Sans',
    heading: 'DejaVu Sans Mono',
  },
];

const byId = new Map(BUNDLED_FONTS.map((font) => [font.id, font]));

export function bundledFont(id: string): BundledFont | undefined {
  return byId.get(id);
}
