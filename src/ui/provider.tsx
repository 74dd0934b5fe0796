import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { ColorModeProvider } from './color-mode';
import { pageNonce } from './csp-nonce';
import { system } from './theme';
import { ToasterSlot } from './notices';

// The styling engine's <style> elements carry the page's nonce: the content security policy allows no other inline
// style (server/src/http/security-headers.ts).
const styleCache = createCache({ key: 'css', nonce: typeof document === 'undefined' ? undefined : pageNonce() });

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        <ColorModeProvider>
          {children}
          <ToasterSlot />
        </ColorModeProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
