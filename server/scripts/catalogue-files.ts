import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

/*
 * The code's messages and the catalogue files, as both extractions (the web app's scripts/i18n-extract.ts and the server's
 * server/scripts/i18n-extract.ts) read, compare and write it: English words → a language's words, as JSON.
 */

export function readJson(file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

export function serialise(catalogue: Record<string, string>): string {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}

/** What a language lacks (said in English meanwhile; an empty translation is lacking), and what it holds that the
 * code no longer says. */
export function differences(english: Record<string, string>, translated: Record<string, string>) {
  return {
    missing: Object.keys(english).filter((id) => !translated[id]),
    unused: Object.keys(translated).filter((id) => !(id in english)),
  };
}

/**
 * A language's file compared with English; with `prune`, what English no longer has is removed from the file
 * (the rest kept in its order).
 */
export function reconcile(file: string, english: Record<string, string>, prune: boolean) {
  const translated = readJson(file);
  const found = differences(english, translated);
  if (prune && found.unused.length > 0) {
    for (const id of found.unused) delete translated[id];
    writeFileSync(file, serialise(translated));
  }
  return found;
}

/** A string literal's text, else undefined. */
export const literalText = (node: ts.Node | undefined) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/**
 * Every message a TypeScript file says: the written-out first argument of a `t(…)` or `msg(…)` call, and the second
 * of a call named in `secondArgument` (the server's `translate(language, '…')`).
 */
export function messagesIn(
  file: string,
  text: string,
  secondArgument: ReadonlySet<string> = new Set(),
): string[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const ids: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const id =
        name === 't' || name === 'msg'
          ? literalText(node.arguments[0])
          : secondArgument.has(name)
            ? literalText(node.arguments[1])
            : undefined;
      if (id !== undefined) ids.push(id);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind));
  return ids;
}
