// The V8 settings the server runs with: `npm start`, the e2e server and the benchmarks use these (one place).
// Node 24's V8 grows the heap lazily under a burst of requests: the server's PSS rose from ~240 MB (Node 20) to
// ~350 MB during `npm run bench -- render` and kept growing (+164 MB drift). A bounded old space (far above the
// server's live set, ~60 MB) and small young-generation semi-spaces keep it near 150 MB and flat; a 2-page PDF
// costs the same (figures in docs/benchmarks.md).
export const SERVER_NODE_FLAGS = ['--max-old-space-size=384', '--max-semi-space-size=4'];
