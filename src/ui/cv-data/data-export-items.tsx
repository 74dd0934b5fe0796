import { Menu } from '@chakra-ui/react';
import type { CvDataFormat } from '../../api/download';

/** JSON Resume, Markdown and plain text beside PDF and Word: made from what the screen shows. */
export const DATA_EXPORT_LABELS: Record<CvDataFormat, string> = {
  json: 'JSON Resume (.json)',
  markdown: 'Markdown (.md)',
  text: 'Plain text (.txt)',
};

export function isDataFormat(value: string): value is CvDataFormat {
  return value in DATA_EXPORT_LABELS;
}

export function DataExportItems() {
  return (
    <>
      <Menu.Separator />
      {(Object.keys(DATA_EXPORT_LABELS) as CvDataFormat[]).map((format) => (
        <Menu.Item key={format} value={format} minH="11">
          {DATA_EXPORT_LABELS[format]}
        </Menu.Item>
      ))}
    </>
  );
}
