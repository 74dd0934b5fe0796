import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import '@fontsource-variable/inter';

const fontStack = `'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;

// Neutral greys from Chakra's defaults plus one accent: every component's colorPalette is teal unless told otherwise.
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'teal' },
    body: { bg: 'bg', color: 'fg' },
    '*:focus-visible': { outlineColor: 'colorPalette.focusRing' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
