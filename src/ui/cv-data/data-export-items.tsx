import { Menu } from '@chakra-ui/react';
import type { CvDataFormat } from '../../api/download';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

/** JSON Resume, Markdown and plain text beside PDF and Word: made from what the screen shows. */
export const DATA_EXPORT_LABELS: Record<CvDataFormat, string> = {
  json: msg('JSON Resume (.json)'),
  markdown: msg('Markdown (.md)'),
  text: msg('Plain text (.txt)'),
};

export function isDataFormat(value: string): value is CvDataFormat {
  return value in DATA_EXPORT_LABELS;
}

export function DataExportItems() {
  const { t } = useT();
  return (
    <>
      <Menu.Separator />
      {(Object.keys(DATA_EXPORT_LABELS) as CvDataFormat[]).map((format) => (
        <Menu.Item key={format} value={format} minH="11">
          {t(DATA_EXPORT_LABELS[format])}
        </Menu.Item>
      ))}
    </>
  );
}
