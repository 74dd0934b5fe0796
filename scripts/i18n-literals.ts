/**
 * Words a view writes out instead of asking the catalogue for: JSX text and the text attributes (label,
 * placeholder, aria-label…) given as string literals, in src/ui/ and src/routes/. tests/i18n/literals.test.ts
 * fails on any; `npx tsx scripts/i18n-literals.ts [folder…]` lists them. Text with no letter ('·', '—', '%')
 * is not words; a line that must stay as it is (a product's own name) says `i18n-ignore` in a comment above it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const VIEW_ROOTS = ['src/ui', 'src/routes'];

const TEXT_ATTRIBUTES = new Set([
  'label',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'loadingText',
  'description',
  'alt',
  'helperText',
  'errorText',
  'emptyText',
  'heading',
  'text',
  'message',
  'confirmLabel',
  'cancelLabel',
]);

const LETTER = /\p{L}/u;

export interface Literal {
  file: string;
  line: number;
  text: string;
}

function files(root: string, directory: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
    const relative = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) out.push(...files(root, relative));
    else if (entry.name.endsWith('.tsx')) out.push(relative);
  }
  return out;
}

export function literalsIn(file: string, text: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split('\n');
  const found: Literal[] = [];
  const ignored = (position: number) => {
    const line = source.getLineAndCharacterOfPosition(position).line;
    return [line, line - 1, line - 2].some((index) => index >= 0 && lines[index]?.includes('i18n-ignore'));
  };
  const report = (node: ts.Node, value: string) => {
    const words = value.replace(/\s+/g, ' ').trim();
    if (!LETTER.test(words) || ignored(node.getStart(source))) return;
    found.push({
      file,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: words,
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source);
      const value = node.initializer;
      const literal = ts.isStringLiteral(value)
        ? value
        : ts.isJsxExpression(value) &&
            value.expression &&
            (ts.isStringLiteral(value.expression) || ts.isNoSubstitutionTemplateLiteral(value.expression))
          ? value.expression
          : undefined;
      if (TEXT_ATTRIBUTES.has(name) && literal) report(literal, literal.text);
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteral(node.expression) &&
      ts.isJsxElement(node.parent)
    ) {
      report(node.expression, node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function findLiterals(root: string, roots: string[] = VIEW_ROOTS): Literal[] {
  return roots.flatMap((directory) =>
    (directory.endsWith('.tsx') ? [directory] : files(root, directory)).flatMap((file) =>
      literalsIn(file, readFileSync(path.join(root, file), 'utf8')),
    ),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, '..');
  const roots = process.argv.slice(2);
  const found = findLiterals(root, roots.length > 0 ? roots : VIEW_ROOTS);
  for (const literal of found) console.log(`${literal.file}:${literal.line}  ${literal.text}`);
  console.log(`${found.length} literal text(s)`);
  if (found.length > 0) process.exitCode = 1;
}
