import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  sliderSlotRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';
import '@fontsource-variable/inter';
import { READING_ARROW } from './reading-arrow';

const fontStack = `'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;

/**
 * Chakra's default theme (tokens, semantic tokens, text/layer/animation styles, global css) with only the
 * recipes of the components this app renders: `defaultConfig` carries every component's recipe, which is
 * most of the styling code /signin would download. A component whose recipe is missing here renders
 * unstyled: tests/ui/theme.test.ts lists any Chakra component in src/ without its recipe.
 */
/**
 * Chakra's button, its words allowed to wrap: a label that is longer in another language (German, French) than the
 * room its button has breaks onto a second line inside the button instead of running past its border. Each size
 * keeps its height as the least height, so a one-line button looks as before.
 */
const wrappingButtonRecipe = {
  ...buttonRecipe,
  base: { ...buttonRecipe.base, whiteSpace: 'normal', textAlign: 'center' },
  variants: {
    ...buttonRecipe.variants,
    size: Object.fromEntries(
      Object.entries(buttonRecipe.variants?.size ?? {}).map(([name, size]) => [
        name,
        { ...size, h: 'auto', minH: (size as { h?: string }).h, py: '1' },
      ]),
    ),
  },
} as unknown as typeof buttonRecipe;

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: wrappingButtonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      slider: sliderSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

// Neutral greys from Chakra's defaults plus one accent: every component's colorPalette is teal unless told otherwise.
const appConfig = defineConfig({
  globalCss: {
    html: { colorPalette: 'teal' },
    body: { bg: 'bg', color: 'fg' },
    '*:focus-visible': { outlineColor: 'colorPalette.focusRing' },
    // People who ask their system for less motion get none: dialogs, menus and toasts appear at once in their final
    // place and size, spinners and skeletons stand still (Ark's presence sees no animation and does not wait for one).
    '*, ::before, ::after': {
      _motionReduce: { animationName: 'none !important', transitionDuration: '0s !important' },
    },
    // Arrows point the reading way: in Arabic 'back' and 'previous' point right. An arrow says so by its class.
    [`[dir=rtl] .${READING_ARROW}`]: { transform: 'scaleX(-1)' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
      },
    },
    // White text on Chakra's default solid teal (600), green (600) and light orange (600) is below WCAG AA's
    // 4.5:1; one shade darker passes (teal.700 5.5:1, green.700 5.0:1, orange.700 5.2:1). axe checks it in e2e.
    // Status text (field errors, success and warning notes) likewise: red.500, green.600 and orange.600 on white
    // are 3.3–3.8:1; red.600 4.8:1, green.700 5.0:1 and orange.700 5.2:1 pass.
    semanticTokens: {
      colors: {
        fg: {
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        },
        teal: { solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.700}' } } },
        green: { solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.700}' } } },
        orange: { solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
      },
    },
    // A toast's description at full strength: Chakra's 0.8 opacity drops it below 4.5:1 on the status colours.
    slotRecipes: { toast: { slots: toastSlotRecipe.slots, base: { description: { opacity: '1' } } } },
  },
});

export const system = createSystem(defaultBaseConfig, themeConfig, appConfig);
