import type { CvLayout } from '../api/cvs';
import { cvFileName, saveBlob, type CvDataFormat } from '../api/download';
import type { TemplateSection } from '../api/templates';
import type { CvFormData } from '../cv/form-data';
import { cvDocument, toMarkdown, toPlainText } from './cv-text';
import { toJsonResume } from './json-resume';

// The CV's data as a file: JSON Resume, Markdown or plain text, made in the browser from what the CV
// holds and named as every download is (the CV's name, or 'cv'). Loaded only when someone exports.

export interface CvExportSource {
  name: string;
  templateId: number;
  sections: readonly TemplateSection[];
  formData: CvFormData;
  layout: CvLayout;
  /** The photo as a data URL (basics.image); absent when there is none or the design hides it. */
  photo?: string;
}

export interface CvExportFile {
  fileName: string;
  type: string;
  content: string;
}

export function cvExportFile(format: CvDataFormat, source: CvExportSource, now = new Date()): CvExportFile {
  const fileName = cvFileName(source.name, format);
  switch (format) {
    case 'json': {
      const resume = toJsonResume(source.sections, source.formData, source.layout, {
        templateId: source.templateId,
        now,
        ...(source.photo !== undefined ? { photo: source.photo } : {}),
      });
      return { fileName, type: 'application/json', content: `${JSON.stringify(resume, null, 2)}\n` };
    }
    case 'markdown':
      return {
        fileName,
        type: 'text/markdown;charset=utf-8',
        content: toMarkdown(cvDocument(source.sections, source.formData, source.layout)),
      };
    case 'text':
      return {
        fileName,
        type: 'text/plain;charset=utf-8',
        content: toPlainText(cvDocument(source.sections, source.formData, source.layout)),
      };
  }
}

/** Makes the file and hands it to the browser as a download. */
export function saveCvExport(format: CvDataFormat, source: CvExportSource): void {
  const file = cvExportFile(format, source);
  saveBlob(new Blob([file.content], { type: file.type }), file.fileName);
}
