import { describe, expect, it } from 'vitest';
import { documentLanguage, renderDocx } from '../../src/render/docx.js';
import { buildRenderModelFromFormData } from '../../src/cv-input/values.js';
import { getTemplateRegistry } from '../../src/templates/registry.js';
import { decodeXml, docxPart, fidelityData, longExperienceData } from './support.js';

const registry = getTemplateRegistry();

/** Each body paragraph's properties and text, in document order. */
function paragraphs(xml: string): Array<{ style?: string; props: string; text: string }> {
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>|<w:p [^>]*>([\s\S]*?)<\/w:p>/g)].map((m) => {
    const body = m[1] ?? m[2];
    const props = /<w:pPr>([\s\S]*?)<\/w:pPr>/.exec(body)?.[1] ?? '';
    return {
      style: /<w:pStyle w:val="([^"]+)"\/>/.exec(props)?.[1],
      props,
      text: decodeXml([...body.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')),
    };
  });
}

describe.each(registry.templates.map((t) => [t.slug, t] as const))('%s Word structure', (_slug, template) => {
  const model = buildRenderModelFromFormData(template.definition, fidelityData(template.definition).formData);
  const docx = renderDocx(template, model);

  it('the name is the Title, sections Heading 1, entry titles Heading 2', async () => {
    const body = paragraphs(docxPart(await docx, 'word/document.xml'));
    expect(body.filter((p) => p.style === 'Title').map((p) => p.text)).toEqual([model.person.name]);
    expect(body.filter((p) => p.style === 'Heading1').map((p) => p.text)).toEqual(model.sections.map((s) => s.name));
    const titled = model.sections.filter((s) => s.isEntries).flatMap((s) => s.entries.filter((e) => e.title).map((e) => e.title!));
    const heading2 = body.filter((p) => p.style === 'Heading2').map((p) => p.text);
    expect(heading2).toHaveLength(titled.length);
    titled.forEach((title, i) => expect(heading2[i].startsWith(title), title).toBe(true));
    const styles = docxPart(await docx, 'word/styles.xml');
    for (const id of ['Title', 'Heading1', 'Heading2']) expect(styles).toContain(`w:styleId="${id}"`);
  });

  it('lists are Word lists and links are hyperlinks', async () => {
    const xml = docxPart(await docx, 'word/document.xml');
    expect(xml).toMatch(/<w:numPr>/);
    expect(xml).toMatch(/<w:hyperlink [^>]*r:id=/);
    expect(docxPart(await docx, 'word/_rels/document.xml.rels')).toMatch(/TargetMode="External"/);
  });

  it('has a title, an author and a language', async () => {
    const core = docxPart(await docx, 'docProps/core.xml');
    expect(core).toContain(`<dc:title>${model.person.name} – CV</dc:title>`);
    expect(core).toContain(`<dc:creator>${model.person.name}</dc:creator>`);
    expect(docxPart(await docx, 'word/styles.xml')).toMatch(/<w:lang w:val="en-GB" w:eastAsia="[a-z]{2}-[A-Z]{2}" w:bidi="[a-z]{2}-[A-Z]{2}"\/>/);
  });

  it('keeps every entry together: each paragraph whole, each but the last kept with the next', async () => {
    const long = buildRenderModelFromFormData(template.definition, longExperienceData(template.definition, template.sample, 3));
    const body = paragraphs(docxPart(await renderDocx(template, long), 'word/document.xml'));
    for (const n of ['01', '02', '03']) {
      const first = body.findIndex((p) => p.text.includes(`Role${n}`));
      const last = body.findIndex((p) => p.text.includes(`Bullet${n}c`));
      expect(first, `Role${n}`).toBeGreaterThan(-1);
      expect(last).toBeGreaterThan(first);
      for (const p of body.slice(first, last + 1)) expect(p.props, `${p.text} keeps its lines`).toContain('<w:keepLines/>');
      for (const p of body.slice(first, last)) expect(p.props, `${p.text} keeps with the next`).toContain('<w:keepNext/>');
      expect(body[last].props, `Bullet${n}c lets the next entry go`).not.toContain('<w:keepNext/>');
    }
  });
});

describe('documentLanguage', () => {
  it('proofs East Asian and right-to-left text in the language its script says', () => {
    expect(documentLanguage('Ada Lovelace')).toEqual({ value: 'en-GB', eastAsia: 'ja-JP', bidirectional: 'ar-SA' });
    expect(documentLanguage('佐藤 美咲 データ')).toMatchObject({ eastAsia: 'ja-JP' });
    expect(documentLanguage('张伟 高级工程师')).toMatchObject({ eastAsia: 'zh-CN' });
    expect(documentLanguage('김민준')).toMatchObject({ eastAsia: 'ko-KR' });
    expect(documentLanguage('דוד כהן')).toMatchObject({ bidirectional: 'he-IL' });
    expect(documentLanguage('ليلى حداد')).toMatchObject({ bidirectional: 'ar-SA' });
  });
});
