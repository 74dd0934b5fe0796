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

const config = (value: typeof system) => value._config.theme;

/** Chakra's slot recipe, with the one change the app makes on purpose (a toast's description at full opacity). */
function expectedSlotRecipe(key: string) {
  const recipe = structuredClone(defaultSystem.getSlotRecipe(key));
  if (key === 'toast') recipe.base!.description = { ...recipe.base!.description, opacity: '1' };
  return recipe;
}

/**
 * Chakra's recipe, with the one change the app makes on purpose: a button's words wrap inside it (a longer language's
 * label never runs past its border), each size's height kept as its least height.
 */
function expectedRecipe(key: string) {
  const recipe = structuredClone(defaultSystem.getRecipe(key));
  if (key !== 'button') return recipe;
  recipe.base = { ...recipe.base, whiteSpace: 'normal', textAlign: 'center' };
  const sizes = recipe.variants!.size as Record<string, Record<string, unknown>>;
  for (const [name, size] of Object.entries(sizes)) sizes[name] = { ...size, h: 'auto', minH: size.h, py: '1' };
  return recipe;
}

// The palettes whose solid colour carries white text in the app: buttons (teal), toasts (green, red, orange).
const SOLID_PALETTES = ['teal', 'green', 'red', 'orange'] as const;
// Status text colours, on the light theme's white panels.
const STATUS_TEXT = ['error', 'success', 'warning'] as const;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
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
        if (defaultSystem.isRecipe(key) && !isDeepStrictEqual(system.getRecipe(key), expectedRecipe(key))) {
          missing.push(`${name}: recipe '${key}'`);
        }
        if (defaultSystem.isSlotRecipe(key) && !isDeepStrictEqual(system.getSlotRecipe(key), expectedSlotRecipe(key))) {
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

  it("keeps the default theme's tokens, semantic tokens (but for the solid colours), breakpoints and text styles", () => {
    const semantic = structuredClone(config(system)?.semanticTokens) as Record<string, Record<string, Record<string, unknown>>>;
    const defaults = structuredClone(config(defaultSystem)?.semanticTokens) as typeof semantic;
    for (const palette of SOLID_PALETTES) {
      delete semantic.colors[palette].solid;
      delete defaults.colors[palette].solid;
    }
    for (const status of STATUS_TEXT) {
      delete semantic.colors.fg[status];
      delete defaults.colors.fg[status];
    }
    expect(semantic).toEqual(defaults);
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

  it('puts white text on solid buttons and toasts at WCAG AA contrast (4.5:1) in light and dark', () => {
    const colors = config(system)?.semanticTokens?.colors as Record<string, Record<string, { value: Record<string, string> }>>;
    for (const palette of SOLID_PALETTES) {
      for (const mode of ['_light', '_dark'] as const) {
        const reference = colors[palette].solid.value[mode];
        const text = colors[palette].contrast.value[mode];
        const background = system.token(reference.replace(/^\{(.*)\}$/, '$1')) as string;
        if (text !== 'white') continue; // dark text on the light dark-mode shades
        expect(contrast(background, '#ffffff'), `${palette} ${mode} ${reference}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('writes error, success and warning text at WCAG AA contrast on white', () => {
    const fg = (config(system)?.semanticTokens?.colors as Record<string, Record<string, { value: Record<string, string> }>>).fg;
    for (const status of STATUS_TEXT) {
      const reference = fg[status].value._light;
      const colour = system.token(reference.replace(/^\{(.*)\}$/, '$1')) as string;
      expect(contrast(colour, '#ffffff'), `fg.${status} ${reference}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
