import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from './color-mode';
import { pageNonce } from './csp-nonce';
import { system } from './theme';
import { ToasterSlot } from './notices';
import { useT } from '../i18n/i18n';

// The styling engine's <style> elements carry the page's nonce: the content security policy allows no other inline
// style (server/src/http/security-headers.ts).
const styleCache = createCache({
  key: 'css',
  nonce: typeof document === 'undefined' ? undefined : pageNonce(),
});

/**
 * The interface's language for Chakra's own components: dialogs, menus, tabs and toasts take their direction (and
 * their keyboard's arrows) from it, not from <html dir>; without it they stay left to right in Arabic.
 */
function InterfaceLocale({ children }: { children: ReactNode }) {
  const { language } = useT();
  return <LocaleProvider locale={language === 'pseudo' ? 'en' : language}>{children}</LocaleProvider>;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        <InterfaceLocale>
          <ColorModeProvider>
            {children}
            <ToasterSlot />
          </ColorModeProvider>
        </InterfaceLocale>
      </ChakraProvider>
    </CacheProvider>
  );
}
