import { sanitizeRichText } from '../text/rich-text.js';
import type { WidgetType } from '../render/input.js';

// C0 controls but tab and newline, DEL, C1 controls, and the invisible characters that reorder or
// hide text (bidi overrides, zero-width spaces, stray byte-order marks): none belongs in a CV.
/* eslint-disable no-control-regex -- matching control characters is the point */
const UNWANTED_CHARACTERS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202a-\u202e\u2066-\u2069\ufeff]/g;
/* eslint-enable no-control-regex */

/** Plain text as a person typed it: line breaks kept (summary boxes are multi-line), controls gone. */
export function sanitisePlainText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNWANTED_CHARACTERS, '').trim();
}

/**
 * What is stored for an entry: the rich-text editor's HTML through the rich-text allowlist (text/rich-text.ts),
 * every other widget as plain text. Stored values are therefore safe to hand back to the editor.
 */
export function sanitiseEntryValue(widgetType: WidgetType, value: string): string {
  if (widgetType === 'richtext-input') return sanitizeRichText(sanitisePlainText(value));
  return sanitisePlainText(value);
}

/** A CV name on one line: controls and line breaks become nothing / a space. */
export function sanitiseCvName(name: string): string {
  return sanitisePlainText(name).replace(/\s+/g, ' ');
}
