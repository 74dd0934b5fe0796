/**
 * The benchmark CV (a render model of Executive Classic) as a @react-pdf/renderer document: the same content, the
 * same Noto Serif faces and about the same sizes, so the pure-JavaScript engine prints what Chromium prints. For
 * bench/render.ts only: the product prints with Chromium (decision 0011).
 */
import { createElement as h, type ReactElement } from 'react';
import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import type { RenderModel, RenderSection } from '../server/src/render/model.js';

const NOTO = '/usr/share/fonts/truetype/noto';
Font.register({
  family: 'Noto Serif',
  fonts: [
    { src: `${NOTO}/NotoSerif-Regular.ttf` },
    { src: `${NOTO}/NotoSerif-Bold.ttf`, fontWeight: 700 },
    { src: `${NOTO}/NotoSerif-Italic.ttf`, fontStyle: 'italic' },
  ],
});
Font.registerHyphenationCallback((word) => [word]);

const accent = '#1f3a5f';
const s = StyleSheet.create({
  page: { fontFamily: 'Noto Serif', fontSize: 10.2, color: '#222', padding: '18mm 18mm 16mm 18mm', lineHeight: 1.4 },
  masthead: { alignItems: 'center', paddingBottom: 9, borderBottom: `1.5pt solid ${accent}`, marginBottom: 4 },
  name: { fontSize: 24, fontWeight: 700, color: accent },
  headline: { fontSize: 11.5, fontStyle: 'italic', color: '#444', marginTop: 2 },
  contacts: { fontSize: 9.3, color: '#333', marginTop: 6 },
  section: { marginTop: 11 },
  sectionTitle: { fontSize: 11, fontWeight: 700, color: accent, borderBottom: '0.6pt solid #b8c2cc', paddingBottom: 1.5, marginBottom: 5 },
  entry: { marginBottom: 7 },
  head: { flexDirection: 'row', justifyContent: 'space-between' },
  title: { fontSize: 10.6, fontWeight: 700 },
  subtitle: { fontStyle: 'italic', color: '#333' },
  dates: { fontSize: 9.4, color: '#444' },
  detail: { fontSize: 9.4, color: '#444' },
  body: { marginTop: 2.5 },
  bullet: { flexDirection: 'row', paddingLeft: 6 },
});

/** An HTML body (paragraphs and lists, as the rich-text editor stores them) as lines: bullets keep their dot. */
function lines(html: string): Array<{ bullet: boolean; text: string }> {
  const decode = (t: string) =>
    t.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
  const out: Array<{ bullet: boolean; text: string }> = [];
  for (const match of html.matchAll(/<(li|p)[^>]*>([\s\S]*?)<\/\1>/g)) out.push({ bullet: match[1] === 'li', text: decode(match[2]!) });
  if (out.length === 0 && html.trim()) out.push({ bullet: false, text: decode(html) });
  return out;
}

function body(html: string | undefined): ReactElement | null {
  if (!html) return null;
  return h(
    View,
    { style: s.body },
    ...lines(html).map((line) =>
      line.bullet ? h(View, { style: s.bullet }, h(Text, null, '• '), h(Text, { style: { flex: 1 } }, line.text)) : h(Text, null, line.text),
    ),
  );
}

function section(section: RenderSection): ReactElement {
  return h(
    View,
    { style: s.section },
    h(Text, { style: s.sectionTitle, minPresenceAhead: 40 }, section.name.toUpperCase()),
    ...section.entries.map((entry) =>
      h(
        View,
        { style: s.entry, wrap: !section.isEntries },
        entry.title || entry.dates
          ? h(View, { style: s.head }, h(Text, { style: s.title }, entry.title ?? ''), h(Text, { style: s.dates }, entry.dates ?? ''))
          : null,
        entry.subtitle ? h(Text, { style: s.subtitle }, [entry.subtitle, entry.location].filter(Boolean).join(', ')) : null,
        ...entry.details.map((field) => h(Text, { style: s.detail }, `${field.label}: ${field.text}`)),
        body(entry.body),
        !entry.title && !entry.body && entry.fields.length ? h(Text, null, entry.fields.map((f) => f.text).join(' · ')) : null,
      ),
    ),
  );
}

export function reactPdfCv(model: RenderModel): ReactElement {
  const { person } = model;
  return h(
    Document,
    { title: `${person.name ?? ''} – CV`, language: model.design.language },
    h(
      Page,
      { size: 'A4', style: s.page },
      h(
        View,
        { style: s.masthead },
        person.name ? h(Text, { style: s.name }, person.name) : null,
        person.headline ? h(Text, { style: s.headline }, person.headline) : null,
        h(Text, { style: s.contacts }, person.contacts.map((c) => c.text).join('  |  ')),
      ),
      ...model.sections.map(section),
    ),
  );
}

/** The model printed by @react-pdf/renderer. */
export function renderReactPdf(model: RenderModel): Promise<Buffer> {
  return renderToBuffer(reactPdfCv(model) as Parameters<typeof renderToBuffer>[0]);
}
