/**
 * Load drill: mixed traffic — `npm run bench -- mixed`. Not a test: it prints figures and a
 * verdict.
 * --connections clients (default 100, one keep-alive connection each), signed in as 20 users made up front the way
 * `npm run user:create` makes them, call for --seconds (default 60) what a person in the product calls, each picked
 * at random by weight: sign-in (1), GET /v1/CvTemplate/ (3), the CV list (3), an HTML preview (3), a PDF preview (1)
 * and a save of the client's CV (2; the first a POST, then PUTs). Every preview is a new document (a token in the
 * name), as typing makes it, so none comes from the renderer's cache. Goal: 0 errors (anything but the call's own
 * success status, or no answer); p50 / p99 per call. The server runs with RATE_LIMIT_SCALE=100: all the clients
 * come from 127.0.0.1, and at the production limit (30 sign-ins in flight per address) the sign-in limit would take
 * the drill for an attack. --postgres [url] runs it on PostgreSQL (a fresh schema) instead of SQLite.
 */
import {
  Browser,
  PASSWORD,
  Report,
  createUsers,
  cvEntries,
  describeFailure,
  drillTemplate,
  ms,
  numberOption,
  option,
  percentile,
  postgresDatabase,
  sqliteDatabase,
  startServer,
  tempDir,
  type Answer,
  type DrillDatabase,
} from './_drill.js';

const CONNECTIONS = numberOption('connections', 'DRILL_CONNECTIONS', 100);
const SECONDS = numberOption('seconds', 'DRILL_SECONDS', 60);
const USERS = 20;
const RATE_LIMIT_SCALE = '100';
const CALLS = ['sign-in', 'templates', 'CV list', 'HTML preview', 'PDF preview', 'save'] as const;
type Call = (typeof CALLS)[number];
const WEIGHTS: Record<Call, number> = {
  'sign-in': 1,
  templates: 3,
  'CV list': 3,
  'HTML preview': 3,
  'PDF preview': 1,
  save: 2,
};

/** The sample CV with a token in the name: every preview is a new document, as typing makes it (no cache hit). */
function variant(sample: Record<string, unknown>, token: string): Record<string, unknown> {
  const [personal] = Object.keys(sample);
  if (personal === undefined) return sample;
  const values = { ...(sample[personal] as Record<string, unknown>) };
  const nameKey = Object.keys(values).find((key) => key.startsWith('full_name-'));
  if (nameKey) values[nameKey] = `${String(values[nameKey])} ${token}`;
  return { ...sample, [personal]: values };
}

function pick(): Call {
  const total = CALLS.reduce((sum, call) => sum + WEIGHTS[call], 0);
  let r = Math.random() * total;
  for (const call of CALLS) {
    r -= WEIGHTS[call];
    if (r < 0) return call;
  }
  return 'templates';
}

async function main(): Promise<void> {
  const report = new Report();
  const outbox = tempDir('cvb-drill-outbox-');
  const work = tempDir('cvb-drill-mixed-');
  const postgresFlag = option('postgres');
  const database: DrillDatabase = postgresFlag
    ? await postgresDatabase(
        postgresFlag !== 'true'
          ? postgresFlag
          : (process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'),
      )
    : sqliteDatabase(work.dir);
  try {
    const users = await createUsers(database.url, USERS);
    const server = await startServer({
      databaseUrl: database.url,
      outboxDir: outbox.dir,
      env: { RATE_LIMIT_SCALE },
    });
    console.log(
      `server ${server.pid} on ${database.name}, ${CONNECTIONS} connections for ${SECONDS} s, RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE}`,
    );
    const probe = new Browser(server.base);
    const { template, sample } = await drillTemplate(probe);
    // The first PDF launches Chromium: not part of the figures.
    await probe.signIn(users[0]!);
    await probe.post('/v1/preview-pdf/', { template_id: template.id, cv_data: sample });
    probe.close();

    const times = new Map<Call, number[]>(CALLS.map((call) => [call, []]));
    const errors = new Map<Call, number>(CALLS.map((call) => [call, 0]));
    const firstErrors: string[] = [];
    const deadline = performance.now() + SECONDS * 1000;

    const client = async (n: number) => {
      const browser = new Browser(server.base);
      const email = users[n % USERS]!;
      let cvId: number | undefined;
      let version = 0;
      let previews = 0;
      const previewBody = () => ({
        template_id: template.id,
        cv_data: variant(sample, `c${n}p${++previews}`),
      });
      const send: Record<Call, () => Promise<[Answer, boolean]>> = {
        'sign-in': async () => {
          const answer = await browser.post('/auth/login/', { email, password: PASSWORD });
          return [answer, answer.status === 200];
        },
        templates: async () => {
          const answer = await browser.get('/v1/CvTemplate/');
          return [answer, answer.status === 200];
        },
        'CV list': async () => {
          const answer = await browser.get('/v1/GeneratedCV/');
          return [answer, answer.status === 200];
        },
        'HTML preview': async () => {
          const answer = await browser.post('/v1/preview/', previewBody());
          return [answer, answer.status === 200 && answer.body.includes('"html"')];
        },
        'PDF preview': async () => {
          const answer = await browser.post('/v1/preview-pdf/', previewBody());
          return [answer, answer.status === 200 && answer.body.subarray(0, 5).toString() === '%PDF-'];
        },
        save: async () => {
          const body = {
            name: `mixed drill ${n}`,
            template: template.id,
            entries: cvEntries(template, 60, `c${n}v${++version}`),
          };
          const answer =
            cvId === undefined
              ? await browser.post('/v1/GeneratedCV/', body)
              : await browser.put(`/v1/GeneratedCV/${cvId}/`, body);
          const ok = answer.status === (cvId === undefined ? 201 : 200);
          if (ok) cvId ??= answer.json<{ id: number }>().id;
          return [answer, ok];
        },
      };
      const record = (call: Call, outcome: Answer | Error, ok: boolean, elapsed: number) => {
        if (ok) times.get(call)!.push(elapsed);
        else {
          errors.set(call, errors.get(call)! + 1);
          if (firstErrors.length < 8) firstErrors.push(describeFailure(call, outcome));
        }
      };
      const timed = async (call: Call) => {
        const started = performance.now();
        try {
          const [answer, ok] = await send[call]();
          record(call, answer, ok, performance.now() - started);
        } catch (error) {
          record(call, error as Error, false, performance.now() - started);
        }
      };
      // Every client starts by signing in (counted with the sign-ins).
      await timed('sign-in');
      while (performance.now() < deadline) await timed(pick());
      browser.close();
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => client(n)));
    const seconds = (performance.now() - started) / 1000;
    const alive = server.child.exitCode === null;
    await server.stop();

    const total = CALLS.reduce((sum, call) => sum + times.get(call)!.length + errors.get(call)!, 0);
    const errorCount = CALLS.reduce((sum, call) => sum + errors.get(call)!, 0);
    report.row(
      'Connections / duration / database',
      `${CONNECTIONS} / ${seconds.toFixed(1)} s / ${database.name}`,
    );
    report.row('Calls / per second', `${total.toLocaleString('en')} / ${(total / seconds).toFixed(1)}`);
    for (const call of CALLS) {
      const samples = times.get(call)!;
      report.row(
        `${call}: calls, p50 / p99`,
        `${samples.length + errors.get(call)!}, ${ms(percentile(samples, 50))} / ${ms(percentile(samples, 99))}`,
      );
    }
    for (const call of CALLS) {
      if (errors.get(call)) report.row(`${call}: errors`, String(errors.get(call)), '0', false);
    }
    report.row('Errors (all calls)', String(errorCount), '0', errorCount === 0);
    report.row('Server still running at the end', alive ? 'yes' : 'no', 'yes', alive);
    report.notes.push(
      `RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE}: every client comes from 127.0.0.1, and each sign-in holds a slot of the ` +
        "address's limit (30 in 15 minutes) until its password is checked: at the production limit the drill's " +
        'sign-ins would be refused as an attack',
    );
    report.notes.push('each preview is a new document (a token in the name), so no PDF comes from the cache');
    for (const error of firstErrors) report.notes.push(error);
    report.print(
      'Mixed traffic',
      `${total} calls at ${(total / seconds).toFixed(1)}/s over ${CONNECTIONS} connections, ${errorCount} errors`,
    );
  } finally {
    await database.drop();
    work.remove();
    outbox.remove();
  }
}

main().catch((error: Error) => {
  console.error(error);
  console.log('\nVerdict: FAIL — the drill stopped');
  process.exitCode = 1;
});
