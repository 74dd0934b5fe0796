import { Box, HStack, IconButton, SegmentGroup, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PreviewZoom } from '../../machines/builder/preview-view-machine';
import { pageNonce, withStyleNonce } from '../csp-nonce';
import { FRAME_PADDING_PX, PAGE_GAP_PX, paginate, recolour, type Paged } from './paginate';
import { useT } from '../../i18n/i18n';
import { msg } from '../../../rules/languages';

const ZOOMS: { value: PreviewZoom; label: string }[] = [
  { value: 'width', label: msg('Fit width') },
  { value: 'page', label: msg('Whole page') },
];

/** The performance measure each layout in pages records. */
export const PAGINATE_MEASURE = 'cv-preview-pages';

/** Never drawn larger than print size: a wide column gets the page at 100 %, centred. */
const MAX_SCALE = 1;

interface Frame {
  key: number;
  html: string;
  paged?: Paged;
}

/** The pane's width and height, followed as it resizes (a window resized, a phone turned). */
function useSize(element: HTMLElement | null) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/**
 * docs/decisions/0040-a-preview-that-shows-pages.md: the HTML preview as pages of the CV's paper, its margins and
 * its page breaks, zoomed to the column's width or to a whole page. A new render loads in a hidden frame and
 * takes the shown one's place once it is laid out in pages, so typing never flashes an empty pane.
 */
export function PagedPreview({
  html,
  zoom,
  onZoom,
}: {
  html: string;
  zoom: PreviewZoom;
  onZoom: (zoom: PreviewZoom) => void;
}) {
  const { t } = useT();
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const size = useSize(scroller);
  const [shown, setShown] = useState<Frame>();
  const [next, setNext] = useState<Frame>();
  const counter = useRef(0);
  const [pageIndex, setPageIndex] = useState(0);

  useEffect(() => {
    counter.current += 1;
    setNext({ key: counter.current, html });
  }, [html]);

  // The room between the pages follows the app's colour mode (the theme marks the root element's class).
  useEffect(() => {
    if (!scroller) return;
    const observer = new MutationObserver(() => {
      // After the new theme's styles apply.
      requestAnimationFrame(() => {
        const doc = scroller.querySelector<HTMLIFrameElement>(
          'iframe[data-testid="html-preview"]',
        )?.contentDocument;
        if (doc) recolour(doc, getComputedStyle(scroller).backgroundColor);
      });
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    return () => observer.disconnect();
  }, [scroller]);

  const laidOut = (frame: Frame, element: HTMLIFrameElement) => {
    const doc = element.contentDocument;
    let paged: Paged | undefined;
    const started = performance.now();
    try {
      const gap = scroller ? getComputedStyle(scroller).backgroundColor : '#eef0f3';
      paged = doc ? paginate(doc, gap) : undefined;
    } catch {
      paged = undefined;
    }
    // How long laying out the pages took, for the journeys and the browser's performance panel.
    performance.measure(PAGINATE_MEASURE, { start: started, end: performance.now() });
    setShown({ ...frame, paged });
    setNext((pending) => (pending?.key === frame.key ? undefined : pending));
  };

  const paged = shown?.paged;
  const frameWidth = paged?.frameWidthPx ?? 0;
  const frameHeight = paged?.frameHeightPx ?? 0;
  const pageHeight = paged ? paged.page.heightPx : 0;
  const fitWidth = paged && size.width ? Math.min(MAX_SCALE, size.width / frameWidth) : 1;
  const fitPage =
    paged && size.height
      ? Math.min(fitWidth, (size.height - 8) / (pageHeight + 2 * FRAME_PADDING_PX))
      : fitWidth;
  const scale = zoom === 'page' ? fitPage : fitWidth;
  const stride = (pageHeight + PAGE_GAP_PX) * scale;
  const pages = paged?.pages ?? 0;

  const goTo = (index: number) => {
    const target = Math.max(0, Math.min(pages - 1, index));
    scroller?.scrollTo({ top: target * stride, behavior: 'smooth' });
  };

  const frames = [shown, next].filter((frame): frame is Frame => frame !== undefined);
  return (
    <Box display="flex" flexDirection="column" h="full" minH="0">
      {paged && (
        <HStack
          px="3"
          py="1.5"
          gap="2"
          flexWrap="wrap"
          justify="space-between"
          borderBottomWidth="1px"
          bg="bg"
          data-testid="preview-pages-bar"
        >
          <SegmentGroup.Root
            size={{ base: 'lg', md: 'xs' }}
            value={zoom}
            aria-label={t('Zoom')}
            onValueChange={(details) => {
              if (details.value) onZoom(details.value as PreviewZoom);
            }}
          >
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={ZOOMS.map((item) => ({ ...item, label: t(item.label) }))} />
          </SegmentGroup.Root>
          <HStack gap="1">
            <Text
              textStyle="sm"
              color="fg.muted"
              role="status"
              aria-live="polite"
              data-testid="preview-pages"
            >
              {pages > 1 && zoom === 'page'
                ? t('Page {page} of {pages}', { page: pageIndex + 1, pages })
                : t('{count, plural, one {{count} page} other {{count} pages}}', { count: pages })}
            </Text>
            {zoom === 'page' && pages > 1 && (
              <>
                <IconButton
                  size={{ base: 'lg', md: 'xs' }}
                  variant="ghost"
                  aria-label={t('Previous page')}
                  aria-disabled={pageIndex === 0}
                  onClick={() => goTo(pageIndex - 1)}
                >
                  <ChevronUp />
                </IconButton>
                <IconButton
                  size={{ base: 'lg', md: 'xs' }}
                  variant="ghost"
                  aria-label={t('Next page')}
                  aria-disabled={pageIndex >= pages - 1}
                  onClick={() => goTo(pageIndex + 1)}
                >
                  <ChevronDown />
                </IconButton>
              </>
            )}
          </HStack>
        </HStack>
      )}
      <Box
        ref={setScroller}
        flex="1"
        minH="0"
        overflow="auto"
        position="relative"
        bg="bg.muted"
        // A page at a time: the scroll stops at each page's top.
        css={zoom === 'page' ? { scrollSnapType: 'y mandatory' } : undefined}
        onScroll={(event) => {
          if (stride > 0) setPageIndex(Math.round(event.currentTarget.scrollTop / stride));
        }}
        tabIndex={0}
        role="region"
        aria-label={t('CV pages')}
      >
        <Box
          position="relative"
          mx="auto"
          style={paged ? { width: frameWidth * scale, height: frameHeight * scale } : { height: '100%' }}
        >
          {zoom === 'page' &&
            Array.from({ length: pages }, (_, index) => (
              <Box
                key={index}
                position="absolute"
                insetStart="0"
                aria-hidden
                style={{ top: index * stride, height: 1, width: 1, scrollSnapAlign: 'start' }}
              />
            ))}
          {frames.map((frame) => {
            const isShown = frame === shown && frame !== next;
            return (
              // docs/behaviour.md#preview-panel: HTML is shown in a sandboxed frame that runs no scripts at all;
              // allow-same-origin lets this page measure and lay out its document as pages.
              <iframe
                key={frame.key}
                title={isShown ? t('CV preview') : t('CV preview (updating)')}
                sandbox="allow-same-origin"
                srcDoc={withStyleNonce(frame.html, pageNonce())}
                data-testid={isShown ? 'html-preview' : undefined}
                aria-hidden={isShown ? undefined : true}
                tabIndex={isShown ? undefined : -1}
                onLoad={(event) => {
                  if (frame === next || frame.key === next?.key) laidOut(frame, event.currentTarget);
                }}
                style={
                  isShown && paged
                    ? {
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        width: frameWidth,
                        height: frameHeight,
                        border: 0,
                        transform: `scale(${scale})`,
                        transformOrigin: '0 0',
                      }
                    : isShown
                      ? { width: '100%', height: '100%', border: 0, background: 'white' }
                      : {
                          position: 'absolute',
                          top: 0,
                          left: 0,
                          width: 900,
                          height: 1200,
                          border: 0,
                          visibility: 'hidden',
                          pointerEvents: 'none',
                        }
                }
              />
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
