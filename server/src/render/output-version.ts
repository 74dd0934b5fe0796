/**
 * The render engine's output version. Saved CVs keep the PDF and Word file they were rendered to
 * (server/src/rendered-files/) and serve it again while this number, the template's revision and the font set are
 * unchanged. Add one whenever a change here alters what a CV prints to (HTML, CSS, fitting, Chromium's switches or
 * print options, the Word writer): every stored file is then made again the next time it is asked for.
 */
export const RENDER_OUTPUT_VERSION = 1;
