import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  LevelFormat,
  Packer,
  Paragraph,
  TabStopType,
  TextRun,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import type { CvTemplate } from './html.js';
import type { RenderEntry, RenderModel, RenderSection } from './model.js';
import { tokenizeRichText } from './rich-text.js';

// A4 in twentieths of a point, with 18 mm margins; the text block is what the right tab stop needs.
const PAGE_WIDTH = 11906;
const PAGE_HEIGHT = 16838;
const MARGIN = 1020;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

const BULLET_LIST = 'cv-bullets';
const NUMBERED_LIST = 'cv-numbers';

// Word picks a face per script: the template's face for Latin, Noto for CJK and complex scripts.
function fontsFor(family: string) {
  return { ascii: family, hAnsi: family, eastAsia: 'Noto Sans CJK SC', cs: 'Noto Naskh Arabic' };
}

const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const STRONG_CHAR = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0590-\u08ff\u3040-\u9fff\uac00-\ud7af\ufb1d-\ufdff\ufe70-\ufeff]/;

/** The first strong character decides, as `dir="auto"` does in the HTML. */
function isRightToLeft(text: string): boolean {
  const first = STRONG_CHAR.exec(text);
  return first !== null && RTL_CHAR.test(first[0]);
}

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  color?: string;
  size?: number;
}

function run(text: string, style: RunStyle = {}): TextRun {
  const options: IRunOptions = {
    text,
    ...(style.bold ? { bold: true } : {}),
    ...(style.italics ? { italics: true } : {}),
    ...(style.underline ? { underline: {} } : {}),
    ...(style.color ? { color: style.color } : {}),
    ...(style.size ? { size: style.size } : {}),
    ...(isRightToLeft(text) ? { rightToLeft: true } : {}),
  };
  return new TextRun(options);
}

function link(text: string, href: string | undefined, style: RunStyle = {}): ParagraphChild {
  if (!href) return run(text, style);
  return new ExternalHyperlink({ link: href, children: [run(text, { ...style, underline: false })] });
}

interface DocxContext {
  accent: string;
  muted: string;
  listInstance: number;
}

/** Sanitised rich text as Word paragraphs: runs for bold/italic/underline/links, real list items. */
function richTextParagraphs(html: string, context: DocxContext, base: RunStyle = {}): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  const lists: Array<{ kind: 'ul' | 'ol'; instance: number }> = [];
  const marks = { bold: 0, italics: 0, underline: 0 };
  let href: string | undefined;
  let children: ParagraphChild[] = [];
  let text = '';
  let inItem = false;

  const flush = () => {
    if (children.length === 0) return;
    const list = inItem ? lists[lists.length - 1] : undefined;
    paragraphs.push(
      new Paragraph({
        children,
        spacing: { after: list ? 20 : 60 },
        ...(isRightToLeft(text) ? { bidirectional: true } : {}),
        ...(list
          ? {
              numbering: {
                reference: list.kind === 'ol' ? NUMBERED_LIST : BULLET_LIST,
                level: Math.min(lists.length - 1, 2),
                instance: list.instance,
              },
            }
          : {}),
      }),
    );
    children = [];
    text = '';
  };

  for (const token of tokenizeRichText(html)) {
    if (token.kind === 'text') {
      if (!token.text) continue;
      const style: RunStyle = {
        ...base,
        ...(marks.bold ? { bold: true } : {}),
        ...(marks.italics ? { italics: true } : {}),
        ...(marks.underline ? { underline: true } : {}),
      };
      children.push(href ? link(token.text, href, style) : run(token.text, style));
      text += token.text;
      continue;
    }
    const opening = token.kind === 'open';
    switch (token.tag) {
      case 'strong':
      case 'b':
        marks.bold += opening ? 1 : -1;
        break;
      case 'em':
      case 'i':
        marks.italics += opening ? 1 : -1;
        break;
      case 'u':
        marks.underline += opening ? 1 : -1;
        break;
      case 'a':
        href = opening && token.kind === 'open' ? token.href : undefined;
        break;
      case 'br':
        if (opening) children.push(new TextRun({ break: 1 }));
        break;
      case 'p':
        flush();
        break;
      case 'ul':
      case 'ol':
        flush();
        if (opening) {
          context.listInstance += 1;
          lists.push({ kind: token.tag, instance: context.listInstance });
        } else {
          lists.pop();
        }
        break;
      case 'li':
        flush();
        inItem = opening;
        break;
    }
  }
  flush();
  return paragraphs;
}

function sectionHeading(name: string, context: DocxContext): Paragraph {
  return new Paragraph({
    children: [run(name.toUpperCase(), { bold: true, color: context.accent, size: 22 })],
    keepNext: true,
    keepLines: true,
    spacing: { before: 240, after: 100 },
    border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: context.accent, space: 2 } },
  });
}

function entryParagraphs(entry: RenderEntry, context: DocxContext): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  const headChildren: ParagraphChild[] = [];
  if (entry.title) headChildren.push(run(entry.title, { bold: true, size: 22 }));
  if (entry.dates) headChildren.push(run(`\t${entry.dates}`, { color: context.muted, size: 19 }));
  if (headChildren.length) {
    paragraphs.push(
      new Paragraph({
        children: headChildren,
        tabStops: [{ type: TabStopType.RIGHT, position: TEXT_WIDTH }],
        keepNext: true,
        keepLines: true,
        spacing: { before: 120, after: 0 },
        ...(entry.title && isRightToLeft(entry.title) ? { bidirectional: true } : {}),
      }),
    );
  }
  const subtitle = [entry.subtitle, entry.location].filter(Boolean).join(' · ');
  if (subtitle) {
    paragraphs.push(
      new Paragraph({
        children: [run(subtitle, { italics: true, color: context.accent })],
        keepNext: true,
        keepLines: true,
        spacing: { after: 40 },
        ...(isRightToLeft(subtitle) ? { bidirectional: true } : {}),
      }),
    );
  }
  for (const detail of entry.details) {
    paragraphs.push(
      new Paragraph({
        children: [run(`${detail.label}: `, { color: context.muted, size: 19 }), run(detail.text, { size: 19 })],
        keepNext: true,
        spacing: { after: 20 },
      }),
    );
  }
  if (entry.link) {
    paragraphs.push(
      new Paragraph({
        children: [link(entry.link.text, entry.link.href, { color: context.accent, size: 19 })],
        keepNext: Boolean(entry.body),
        spacing: { after: 20 },
      }),
    );
  }
  if (entry.body) paragraphs.push(...richTextParagraphs(entry.body, context));
  return paragraphs;
}

function listParagraph(entry: RenderEntry, context: DocxContext): Paragraph {
  const children: ParagraphChild[] = [];
  if (entry.title) children.push(run(entry.title, { bold: true }));
  if (entry.subtitle) children.push(run(`, ${entry.subtitle}`));
  for (const detail of entry.details) children.push(run(` — ${detail.text}`, { color: context.muted }));
  if (entry.dates) children.push(run(` · ${entry.dates}`, { color: context.muted }));
  if (entry.link) {
    children.push(run(' · '));
    children.push(link(entry.link.text, entry.link.href, { color: context.accent }));
  }
  return new Paragraph({
    children,
    numbering: { reference: BULLET_LIST, level: 0, instance: 0 },
    spacing: { after: 20 },
  });
}

function linkParagraph(entry: RenderEntry, context: DocxContext): Paragraph {
  const children: ParagraphChild[] = [];
  if (entry.title) children.push(run(entry.title, { bold: true }));
  if (entry.link) {
    children.push(run(': '));
    children.push(link(entry.link.text, entry.link.href, { color: context.accent }));
  }
  for (const detail of entry.details) children.push(run(` — ${detail.text}`, { color: context.muted }));
  return new Paragraph({ children, spacing: { after: 40 } });
}

function sectionParagraphs(section: RenderSection, context: DocxContext): Paragraph[] {
  const paragraphs = [sectionHeading(section.name, context)];
  for (const entry of section.entries) {
    if (section.isText) {
      paragraphs.push(...richTextParagraphs(entry.body ?? '', context));
      for (const detail of entry.details) paragraphs.push(new Paragraph({ children: [run(detail.text)] }));
    } else if (section.isList) {
      paragraphs.push(listParagraph(entry, context));
    } else if (section.isLinks) {
      paragraphs.push(linkParagraph(entry, context));
    } else {
      paragraphs.push(...entryParagraphs(entry, context));
    }
  }
  return paragraphs;
}

function headerParagraphs(model: RenderModel, context: DocxContext, headingFont: string): Paragraph[] {
  const { person } = model;
  const paragraphs: Paragraph[] = [];
  if (person.name) {
    paragraphs.push(
      new Paragraph({
        children: [
          new TextRun({
            text: person.name,
            bold: true,
            size: 44,
            color: context.accent,
            font: fontsFor(headingFont),
            ...(isRightToLeft(person.name) ? { rightToLeft: true } : {}),
          }),
        ],
        spacing: { after: 40 },
        ...(isRightToLeft(person.name) ? { bidirectional: true } : {}),
      }),
    );
  }
  if (person.headline) {
    paragraphs.push(new Paragraph({ children: [run(person.headline, { size: 24, color: context.muted })], spacing: { after: 80 } }));
  }
  if (person.contacts.length) {
    const children: ParagraphChild[] = [];
    person.contacts.forEach((contact, i) => {
      if (i > 0) children.push(run('  |  ', { color: 'A0A7B0', size: 19 }));
      children.push(link(contact.text, contact.href, { size: 19 }));
    });
    paragraphs.push(new Paragraph({ children, spacing: { after: 40 } }));
  }
  for (const detail of person.details) {
    paragraphs.push(
      new Paragraph({ children: [run(`${detail.label}: `, { color: context.muted, size: 19 }), run(detail.text, { size: 19 })] }),
    );
  }
  if (person.body) paragraphs.push(...richTextParagraphs(person.body, context));
  return paragraphs;
}

function listLevels(format: 'bullet' | 'decimal') {
  const symbols = ['•', '◦', '▪'];
  return [0, 1, 2].map((level) => ({
    level,
    format: format === 'bullet' ? LevelFormat.BULLET : LevelFormat.DECIMAL,
    text: format === 'bullet' ? symbols[level] : `%${level + 1}.`,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 260 } } },
  }));
}

/** The same render model as a Word document, in the template's fonts and accent colour. */
export async function renderDocx(template: CvTemplate, model: RenderModel): Promise<Buffer> {
  const { style } = template.definition;
  const context: DocxContext = { accent: style.accentColor.slice(1).toUpperCase(), muted: '555B65', listInstance: 0 };
  const children = [
    ...headerParagraphs(model, context, style.headingFontFamily),
    ...model.sections.flatMap((section) => sectionParagraphs(section, context)),
  ];
  const document = new Document({
    creator: 'CV Builder',
    title: model.person.name ? `${model.person.name} – CV` : `${template.definition.name} – CV`,
    styles: {
      default: {
        document: {
          run: { font: fontsFor(style.fontFamily), size: 20, color: '1F2328' },
          paragraph: { spacing: { line: 264 } },
        },
      },
    },
    numbering: {
      config: [
        { reference: BULLET_LIST, levels: listLevels('bullet') },
        { reference: NUMBERED_LIST, levels: listLevels('decimal') },
      ],
    },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE_WIDTH, height: PAGE_HEIGHT },
            margin: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN },
          },
        },
        children: children.length ? children : [new Paragraph({ children: [] })],
      },
    ],
  });
  return Packer.toBuffer(document);
}
