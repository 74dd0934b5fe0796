import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  HorizontalPositionAlign,
  HorizontalPositionRelativeFrom,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  TabStopType,
  TextRun,
  TextWrappingSide,
  TextWrappingType,
  VerticalPositionAlign,
  VerticalPositionRelativeFrom,
  type IParagraphOptions,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import type { RenderTemplate } from './html.js';
import type { RenderEntry, RenderModel, RenderSection } from './model.js';
import { tokenizeRichText } from '../text/rich-text.js';
import { letterOf, letterTitle, type RenderLetter } from './letter.js';

// Word measures in twentieths of a point. The page is the design's; the margins 18 mm times the design's scale.
const TWIPS_PER_MM = 1440 / 25.4;
const MARGIN_MM = 18;

/**
 * What the design asks of every paragraph and run while one document is built: the font scale and the
 * direction. Set and reset around renderDocx's synchronous build, before anything awaits, so no two documents
 * ever see each other's.
 */
const build = { fontScale: 1, rtl: false, textWidth: 0 };

/** A paragraph in the design's direction: every paragraph of a right-to-left CV carries w:bidi. */
function paragraph(options: ConstructorParameters<typeof Paragraph>[0] & object): Paragraph {
  return new Paragraph(build.rtl ? { ...options, bidirectional: true } : options);
}

const scaledSize = (halfPoints: number) => Math.round(halfPoints * build.fontScale);

const BULLET_LIST = 'cv-bullets';
const NUMBERED_LIST = 'cv-numbers';

// Word picks a face per script: the template's face for Latin, Noto for CJK and complex scripts.
function fontsFor(family: string) {
  return { ascii: family, hAnsi: family, eastAsia: 'Noto Sans CJK SC', cs: 'Noto Naskh Arabic' };
}

const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const STRONG_CHAR =
  /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0590-\u08ff\u3040-\u9fff\uac00-\ud7af\ufb1d-\ufdff\ufe70-\ufeff]/;

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
    ...(style.bold !== undefined ? { bold: style.bold } : {}),
    ...(style.italics ? { italics: true } : {}),
    ...(style.underline ? { underline: {} } : {}),
    ...(style.color ? { color: style.color } : {}),
    ...(style.size ? { size: scaledSize(style.size) } : {}),
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
function richTextParagraphs(html: string, context: DocxContext, base: RunStyle = {}): IParagraphOptions[] {
  const paragraphs: IParagraphOptions[] = [];
  const lists: Array<{ kind: 'ul' | 'ol'; instance: number }> = [];
  const marks = { bold: 0, italics: 0, underline: 0 };
  let href: string | undefined;
  let children: ParagraphChild[] = [];
  let text = '';
  let inItem = false;

  const flush = () => {
    if (children.length === 0) return;
    const list = inItem ? lists[lists.length - 1] : undefined;
    paragraphs.push({
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
    });
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
      // A link written into rich text looks like one: the accent colour, underlined, as in the PDF.
      children.push(
        href ? new ExternalHyperlink({ link: href, children: [run(token.text, { ...style, color: context.accent, underline: true })] }) : run(token.text, style),
      );
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

// Section headings are Heading 1 and entry titles Heading 2 (the styles are defined in renderDocx), so Word's
// navigation pane, screen readers and parsers that read styles see the CV's structure.
function sectionHeading(name: string): Paragraph {
  return paragraph({
    heading: HeadingLevel.HEADING_1,
    children: [run(name)],
    keepNext: true,
    keepLines: true,
    ...(isRightToLeft(name) ? { bidirectional: true } : {}),
  });
}

/**
 * An entry's paragraphs held together as the PDF holds an entry (`break-inside: avoid`): no paragraph splits
 * across pages and each keeps with the next, the last excepted, so the next entry may start a new page.
 */
function keptTogether(paragraphs: IParagraphOptions[]): Paragraph[] {
  return paragraphs.map((options, i) =>
    paragraph({ ...options, keepLines: true, keepNext: i < paragraphs.length - 1 }),
  );
}

function entryParagraphs(entry: RenderEntry, context: DocxContext): Paragraph[] {
  const paragraphs: IParagraphOptions[] = [];
  const headChildren: ParagraphChild[] = [];
  if (entry.title) headChildren.push(run(entry.title));
  if (entry.dates) headChildren.push(run(`\t${entry.dates}`, { color: context.muted, size: 19, bold: false }));
  if (headChildren.length) {
    paragraphs.push({
      ...(entry.title ? { heading: HeadingLevel.HEADING_2 } : { spacing: { before: 120, after: 0 } }),
      children: headChildren,
      tabStops: [{ type: TabStopType.RIGHT, position: build.textWidth }],
      ...(entry.title && isRightToLeft(entry.title) ? { bidirectional: true } : {}),
    });
  }
  const subtitle = [entry.subtitle, entry.location].filter(Boolean).join(' · ');
  if (subtitle) {
    paragraphs.push({
      children: [run(subtitle, { italics: true, color: context.accent })],
      spacing: { after: 40 },
      ...(isRightToLeft(subtitle) ? { bidirectional: true } : {}),
    });
  }
  for (const detail of entry.details) {
    paragraphs.push({
      children: [run(`${detail.label}: `, { color: context.muted, size: 19 }), run(detail.text, { size: 19 })],
      spacing: { after: 20 },
    });
  }
  if (entry.link) {
    paragraphs.push({
      children: [link(entry.link.text, entry.link.href, { color: context.accent, size: 19 })],
      spacing: { after: 20 },
    });
  }
  if (entry.body) paragraphs.push(...richTextParagraphs(entry.body, context));
  return keptTogether(paragraphs);
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
  return paragraph({
    children,
    numbering: { reference: BULLET_LIST, level: 0, instance: 0 },
    keepLines: true,
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
  return paragraph({ children, keepLines: true, spacing: { after: 40 } });
}

function sectionParagraphs(section: RenderSection, context: DocxContext): Paragraph[] {
  const paragraphs = [sectionHeading(section.name)];
  for (const entry of section.entries) {
    if (section.isText) {
      paragraphs.push(...richTextParagraphs(entry.body ?? '', context).map((options) => paragraph(options)));
      for (const detail of entry.details) paragraphs.push(paragraph({ children: [run(detail.text)] }));
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

/**
 * A cover letter (render/letter.ts) under the person's header: the recipient's lines, the date, the subject as
 * Heading 1 (the letter's outline, as a CV's section headings), the salutation, the body's paragraphs and lists, the
 * closing and the name it is signed with.
 */
function letterParagraphs(letter: RenderLetter, context: DocxContext): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  const line = (text: string, options: Partial<IParagraphOptions> = {}, style: RunStyle = {}) =>
    paragraph({ children: [run(text, style)], ...(isRightToLeft(text) ? { bidirectional: true } : {}), ...options });
  letter.recipientLines.forEach((text, i) =>
    paragraphs.push(
      line(text, {
        spacing: { before: i === 0 ? 360 : 0, after: i === letter.recipientLines.length - 1 ? 240 : 0 },
      }),
    ),
  );
  if (letter.date) paragraphs.push(line(letter.date, { spacing: { before: paragraphs.length ? 0 : 360, after: 240 } }));
  if (letter.subject) {
    paragraphs.push(
      paragraph({
        heading: HeadingLevel.HEADING_1,
        children: [run(letter.subject)],
        keepNext: true,
        keepLines: true,
        ...(isRightToLeft(letter.subject) ? { bidirectional: true } : {}),
      }),
    );
  }
  if (letter.salutation) paragraphs.push(line(letter.salutation, { spacing: { after: 160 } }));
  if (letter.body) {
    paragraphs.push(
      ...richTextParagraphs(letter.body, context).map((options) =>
        paragraph({ ...options, spacing: { after: options.numbering ? 20 : 160 } }),
      ),
    );
  }
  if (letter.closing) paragraphs.push(line(letter.closing, { spacing: { before: 240, after: 0 }, keepNext: true }));
  if (letter.signature)
    paragraphs.push(line(letter.signature, { spacing: { before: 560 }, keepLines: true }, { bold: true }));
  return paragraphs;
}

const EMU_PER_MM = 36_000;

/**
 * The photo as a real image in the document, anchored to the name's paragraph at the top of the text's far side
 * (the right, the left in a right-to-left CV), the header's text wrapping clear of it: where the HTML floats it.
 */
function photoRun(model: RenderModel): ImageRun | undefined {
  const { photo } = model;
  if (!photo) return undefined;
  // docx measures an image in pixels at 96 dpi.
  const side = Math.round((photo.sizeMm / 25.4) * 96);
  const gap = Math.round(4 * EMU_PER_MM);
  const description = model.person.name ? `Photo of ${model.person.name}` : 'Photo';
  const floating = {
    horizontalPosition: {
      relative: HorizontalPositionRelativeFrom.MARGIN,
      align: build.rtl ? HorizontalPositionAlign.LEFT : HorizontalPositionAlign.RIGHT,
    },
    verticalPosition: { relative: VerticalPositionRelativeFrom.MARGIN, align: VerticalPositionAlign.TOP },
    wrap: { type: TextWrappingType.SQUARE, side: TextWrappingSide.BOTH_SIDES },
    margins: { left: gap, right: gap, bottom: gap },
  };
  const altText = { name: 'Photo', title: 'Photo', description };
  return photo.word
    ? new ImageRun({ type: 'png', data: photo.word, transformation: { width: side, height: side }, floating, altText })
    : new ImageRun({
        type: 'jpg',
        data: Buffer.from(photo.src.slice(photo.src.indexOf(',') + 1), 'base64'),
        transformation: { width: side, height: side },
        floating,
        altText,
      });
}

function headerParagraphs(model: RenderModel, context: DocxContext): Paragraph[] {
  const { person } = model;
  const paragraphs: Paragraph[] = [];
  const image = photoRun(model);
  if (image && !person.name) paragraphs.push(paragraph({ children: [image] }));
  if (person.name) {
    paragraphs.push(
      paragraph({
        heading: HeadingLevel.TITLE,
        children: image ? [image, run(person.name)] : [run(person.name)],
        ...(isRightToLeft(person.name) ? { bidirectional: true } : {}),
      }),
    );
  }
  if (person.headline) {
    paragraphs.push(
      paragraph({
        children: [run(person.headline, { size: 24, color: context.muted })],
        spacing: { after: 80 },
      }),
    );
  }
  if (person.contacts.length) {
    const children: ParagraphChild[] = [];
    person.contacts.forEach((contact, i) => {
      if (i > 0) children.push(run('  |  ', { color: 'A0A7B0', size: 19 }));
      children.push(link(contact.text, contact.href, { size: 19 }));
    });
    paragraphs.push(paragraph({ children, spacing: { after: 40 } }));
  }
  for (const detail of person.details) {
    paragraphs.push(
      paragraph({
        children: [
          run(`${detail.label}: `, { color: context.muted, size: 19 }),
          run(detail.text, { size: 19 }),
        ],
      }),
    );
  }
  if (person.body) paragraphs.push(...richTextParagraphs(person.body, context).map((options) => paragraph(options)));
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

const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u4e00-\u9fff]/;
const HANGUL = /[\uac00-\ud7af]/;
const HEBREW = /[\u0590-\u05ff]/;
const ARABIC = /[\u0600-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * The languages Word proofs the text in, from the scripts the CV is written in (the CV has no language setting of
 * its own): Latin text as British English, East Asian text as Japanese when there is kana, Korean when there is
 * Hangul, else Chinese; right-to-left text as Hebrew or Arabic.
 */
export function documentLanguage(
  text: string,
  language = 'en',
): { value: string; eastAsia: string; bidirectional: string } {
  const eastAsia = KANA.test(text) ? 'ja-JP' : HANGUL.test(text) ? 'ko-KR' : HAN.test(text) ? 'zh-CN' : 'ja-JP';
  const bidirectional = HEBREW.test(text) && !ARABIC.test(text) ? 'he-IL' : 'ar-SA';
  // The CV's own language takes the slot of its script.
  const primary = language.split('-')[0]!.toLowerCase();
  if (['ja', 'zh', 'ko'].includes(primary)) return { value: 'en-GB', eastAsia: language, bidirectional };
  if (['ar', 'he', 'fa', 'ur'].includes(primary)) return { value: 'en-GB', eastAsia, bidirectional: language };
  return { value: primary === 'en' ? 'en-GB' : language, eastAsia, bidirectional };
}

function modelText(model: RenderModel): string {
  const { person } = model;
  return [person.name, person.headline, ...model.sections.flatMap((s) => s.entries.flatMap((e) => [e.title, e.subtitle, e.body]))]
    .filter(Boolean)
    .join(' ');
}

/** The same render model as a Word document, in the design's page, margins, fonts, colour and direction. */
export async function renderDocx(template: RenderTemplate, model: RenderModel): Promise<Buffer> {
  const { design } = model;
  const pageWidth = Math.round(design.widthMm * TWIPS_PER_MM);
  const pageHeight = Math.round(design.heightMm * TWIPS_PER_MM);
  const margin = Math.round(MARGIN_MM * design.marginScale * TWIPS_PER_MM);
  const context: DocxContext = {
    accent: design.accent.slice(1).toUpperCase(),
    muted: '555B65',
    listInstance: 0,
  };
  let document: Document;
  Object.assign(build, {
    fontScale: design.fontScale,
    rtl: design.direction === 'rtl',
    textWidth: pageWidth - 2 * margin,
  });
  try {
    // A cover letter's model (render/letter.ts) carries the letter as its one section.
    const letter = letterOf(model);
    const children = [
      ...headerParagraphs(model, context),
      ...(letter
        ? letterParagraphs(letter, context)
        : model.sections.flatMap((section) => sectionParagraphs(section, context))),
    ];
    const headingFont = fontsFor(design.headingFamily);
    // Title, Heading 1 and Heading 2 (what a parser reads as the outline) carry the design's fonts, colour and sizes.
    document = new Document({
      // Word's core properties: the Author is the person (none without a name, as the PDF's); the program that
      // wrote the file is 'last modified by' (docx writes no application name), as the PDF's Creator says it.
      creator: model.person.name ?? '',
      lastModifiedBy: 'CV Builder',
      title: letter
        ? letterTitle(model)
        : model.person.name
          ? `${model.person.name} – CV`
          : `${template.definition.name} – CV`,
      subject: letter ? 'Cover letter' : 'Curriculum vitae',
      styles: {
        default: {
          document: {
            run: {
              font: fontsFor(design.bodyFamily),
              size: scaledSize(20),
              color: '1F2328',
              language: documentLanguage(modelText(model), design.language),
            },
            paragraph: { spacing: { line: Math.round(264 * design.lineScale) } },
          },
          title: {
            run: { font: headingFont, size: scaledSize(44), bold: true, color: context.accent },
            paragraph: { spacing: { after: 40 } },
          },
          heading1: {
            run: { font: headingFont, size: scaledSize(22), bold: true, allCaps: true, color: context.accent },
            paragraph: {
              spacing: { before: 240, after: 100 },
              border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: context.accent, space: 2 } },
              keepNext: true,
              keepLines: true,
              outlineLevel: 0,
            },
          },
          heading2: {
            run: { font: fontsFor(design.bodyFamily), size: scaledSize(22), bold: true, color: '1F2328' },
            paragraph: { spacing: { before: 120, after: 0 }, keepNext: true, keepLines: true, outlineLevel: 1 },
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
              size: { width: pageWidth, height: pageHeight },
              margin: { top: margin, right: margin, bottom: margin, left: margin },
            },
          },
          children: children.length ? children : [paragraph({ children: [] })],
        },
      ],
    });
  } finally {
    Object.assign(build, { fontScale: 1, rtl: false, textWidth: 0 });
  }
  return Packer.toBuffer(document);
}
