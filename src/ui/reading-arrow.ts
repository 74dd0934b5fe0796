/**
 * The class of an icon that points along the reading direction (an arrow, a chevron, undo and redo): the theme
 * mirrors it right to left (src/ui/theme.ts), so 'back' points right in Arabic.
 */
export const READING_ARROW = 'reading-arrow';
