import { defaultSystem } from '@chakra-ui/react';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { system } from '../../src/ui/theme';

const root = path.resolve(import.meta.dirname, '../..');
const chakraEsm = path.join(root, 'node_modules/@chakra-ui/react/dist/esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every value the app imports from '@chakra-ui/react' (Button, Dialog, SegmentGroup, …). */
function chakraImportsOfTheApp(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The module of Chakra's own components that defines an export of the package, e.g. Dialog → components/dialog/namespace.js. */
function moduleOfExport(name: string): string | undefined {
  const index = readFileSync(path.join(chakraEsm, 'index.js'), 'utf8');
  for (const match of index.matchAll(/export \{([^}]*)\} from '(\.\/components\/[^']+)'/g)) {
    if (match[1].split(',').some((part) => part.trim() === name)) return path.join(chakraEsm, match[2]);
  }
  const namespace = index.match(new RegExp(`export \\{ (namespace\\$?\\w*) as ${name} \\}`))?.[1];
  if (!namespace) return undefined;
  const source = index.match(new RegExp(`import \\* as ${namespace.replace('$', '\\$')} from '([^']+)'`))?.[1];
  return source ? path.join(chakraEsm, source) : undefined;
}

/** The recipe keys a Chakra component module (and the Chakra components it renders) asks the system for. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file) || !existsSync(file)) return keys;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/key: "(\w+)"/g)) keys.add(match[1]);
  for (const match of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const imported = path.resolve(path.dirname(file), match[1]);
    if (!imported.startsWith(path.join(chakraEsm, 'components'))) continue;
    for (const key of recipeKeys(imported, seen)) keys.add(key);
  }
  return keys;
}

describe('Chakra system (src/ui/theme.ts)', () => {
  // The system carries only the recipes of the components the app renders (the rest is dead weight in the
  // first download); a component whose recipe is missing renders unstyled, which no other test would notice.
  it('has, unchanged, the default recipe of every Chakra component the app uses', () => {
    const missing: string[] = [];
    for (const name of chakraImportsOfTheApp()) {
      const file = moduleOfExport(name);
      if (!file) continue;
      for (const key of recipeKeys(file)) {
        if (defaultSystem.isRecipe(key) && !isDeepStrictEqual(system.getRecipe(key), defaultSystem.getRecipe(key))) {
          missing.push(`${name}: recipe '${key}'`);
        }
        if (defaultSystem.isSlotRecipe(key) && !isDeepStrictEqual(system.getSlotRecipe(key), defaultSystem.getSlotRecipe(key))) {
          missing.push(`${name}: slot recipe '${key}'`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds the recipes of components used through others (IconButton → button, Checkbox → checkmark)', () => {
    expect(recipeKeys(moduleOfExport('IconButton')!)).toContain('button');
    expect(recipeKeys(moduleOfExport('Checkbox')!)).toContain('checkmark');
    expect(recipeKeys(moduleOfExport('SegmentGroup')!)).toContain('segmentGroup');
  });

  it("keeps the default theme's tokens, semantic tokens, breakpoints and text styles", () => {
    const config = (value: typeof system) => value._config.theme;
    expect(config(system)?.semanticTokens).toEqual(config(defaultSystem)?.semanticTokens);
    expect(config(system)?.breakpoints).toEqual(config(defaultSystem)?.breakpoints);
    expect(config(system)?.textStyles).toEqual(config(defaultSystem)?.textStyles);
    expect(config(system)?.layerStyles).toEqual(config(defaultSystem)?.layerStyles);
    expect(config(system)?.keyframes).toEqual(config(defaultSystem)?.keyframes);
    expect(config(system)?.animationStyles).toEqual(config(defaultSystem)?.animationStyles);
    const { fonts, ...tokens } = config(system)?.tokens ?? {};
    const { fonts: defaultFonts, ...defaultTokens } = config(defaultSystem)?.tokens ?? {};
    expect(tokens).toEqual(defaultTokens);
    expect(Object.keys(fonts ?? {})).toEqual(Object.keys(defaultFonts ?? {}));
    expect(system.token('fonts.body')).toContain('Inter Variable');
  });
});
