/**
 * Share page load: `npm run bench -- share` (--postgres [url] for PostgreSQL; --connections, --seconds). Not a test.
 * A full CV is saved and shared through the API of a server started as `npm start` starts it; then autocannon
 * (another process's worth of load from this one) opens the link's public page /s/{slug} with --connections (200)
 * anonymous keep-alive connections for --seconds (30). Goal: 0 errors and p99 ≤ 200 ms. The page is rendered once
 * per version and served from memory after that (server/src/shares/page-cache.ts); the link is read from the
 * database at most once a second per worker (link-cache.ts) and the visitor counted once a day. RATE_LIMIT_SCALE=100 as the other
 * drills: every connection comes from 127.0.0.1 (the page itself has no rate limit; its password and PDF do).
 */
import autocannon from 'autocannon';
import { defaultWebConcurrency } from '../server/src/config.js';
import { fullCv } from './_full-cv.js';
import { treeCpuMs } from './_processes.js';
import {
  Browser,
  Report,
  createUsers,
  drillTemplate,
  ms,
  numberOption,
  option,
  postgresDatabase,
  sqliteDatabase,
  startServer,
  tempDir,
  type DrillDatabase,
} from './_drill.js';

const CONNECTIONS = numberOption('connections', 'SHARE_BENCH_CONNECTIONS', 200);
const SECONDS = numberOption('seconds', 'SHARE_BENCH_SECONDS', 30);
const P99_GOAL_MS = 200;
// What a phone's browser sends: it takes the page compressed (Brotli).
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) share-bench',
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'gzip, deflate, br',
};

async function main(): Promise<void> {
  const report = new Report();
  const outbox = tempDir('cvb-share-outbox-');
  const work = tempDir('cvb-share-bench-');
  const postgresFlag = option('postgres');
  const database: DrillDatabase = postgresFlag
    ? await postgresDatabase(
        postgresFlag !== 'true'
          ? postgresFlag
          : (process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'),
      )
    : sqliteDatabase(work.dir);
  try {
    const [email] = await createUsers(database.url, 1, 'share');
    const server = await startServer({
      databaseUrl: database.url,
      outboxDir: outbox.dir,
      // As production runs it: a worker per core (WEB_CONCURRENCY's default), unless WEB_CONCURRENCY says otherwise.
      env: {
        RATE_LIMIT_SCALE: '100',
        WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? String(defaultWebConcurrency()),
      },
    });
    try {
      const owner = new Browser(server.base);
      await owner.signIn(email!);
      const { template } = await drillTemplate(owner);
      const detail = (await owner.get(`/v1/CvTemplate/${template.id}/`)).json<Parameters<typeof fullCv>[0]>();
      const saved = await owner.post('/v1/GeneratedCV/', fullCv(detail));
      if (saved.status !== 201) throw new Error(`the save answered ${saved.status}: ${saved.body}`);
      const { id } = saved.json<{ id: number }>();
      const made = await owner.post(`/v1/GeneratedCV/${id}/shares/`, { label: 'Acme Corp' });
      if (made.status !== 201) throw new Error(`the share answered ${made.status}: ${made.body}`);
      const { slug } = made.json<{ slug: string }>();
      const url = `${server.base}/s/${slug}`;
      // The first view renders the page (and starts Chromium when the design fits one page): not in the figures.
      const visitor = new Browser(server.base);
      const first = await visitor.request('GET', `/s/${slug}`, undefined, BROWSER_HEADERS);
      if (first.status !== 200) throw new Error(`the page answered ${first.status}`);
      visitor.close();
      console.log(
        `server ${server.pid} (WEB_CONCURRENCY ${process.env.WEB_CONCURRENCY ?? defaultWebConcurrency()}) on ${database.name}: ${CONNECTIONS} connections for ${SECONDS} s on /s/${slug} (${(first.body.length / 1024).toFixed(1)} KB page, ${String(first.headers['content-encoding'] ?? 'identity')})`,
      );

      const cpuBefore = treeCpuMs(server.pid);
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: BROWSER_HEADERS,
      });
      const cpuMs = treeCpuMs(server.pid) - cpuBefore;
      const errors = result.errors + result.timeouts + result.non2xx;
      report.row(`${database.name}: views answered`, String(result.requests.total));
      report.row(`${database.name}: requests per second (mean)`, result.requests.average.toFixed(0));
      report.row(
        `${database.name}: errors (non-2xx, failed, timed out)`,
        `${result.non2xx} + ${result.errors} + ${result.timeouts}`,
        '0',
        errors === 0,
      );
      // What a view costs the server whatever else runs on the machine (the latencies are not).
      report.row(`${database.name}: server CPU per view`, ms(cpuMs / Math.max(1, result.requests.total)));
      report.row(`${database.name}: latency p50`, ms(result.latency.p50));
      report.row(`${database.name}: latency p97.5`, ms(result.latency.p97_5));
      report.row(
        `${database.name}: latency p99`,
        ms(result.latency.p99),
        `≤ ${P99_GOAL_MS} ms`,
        result.latency.p99 <= P99_GOAL_MS,
      );
      report.row(`${database.name}: latency max`, ms(result.latency.max));
      // One visitor (one address, one user agent) all day: counted once, however many views.
      const links = (await owner.get(`/v1/GeneratedCV/${id}/shares/`)).json<Array<{ views: number }>>();
      report.row(
        `${database.name}: views counted for that one visitor`,
        String(links[0]?.views),
        '1',
        links[0]?.views === 1,
      );
      owner.close();
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
    work.remove();
    outbox.remove();
  }
  report.print(
    'Share page load',
    `${CONNECTIONS} anonymous connections on one link for ${SECONDS} s: 0 errors, p99 ≤ ${P99_GOAL_MS} ms`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
