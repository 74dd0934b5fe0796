// @vitest-environment node
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from '../scripts/vite-precompress';

// The build's compressed copies (scripts/vite-precompress.ts), which the server sends as they are.
describe('precompressing the build', () => {
  let dir: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word ${i}`))};`;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cvb-precompress-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'index-abc.js'), script);
    await writeFile(join(dir, 'assets', 'index-abc.css'), `.a{color:red}\n`.repeat(200));
    await writeFile(join(dir, 'assets', 'index-abc.js.map'), script);
    await writeFile(join(dir, 'assets', 'inter-abc.woff2'), Buffer.alloc(4000, 1));
    await writeFile(join(dir, 'assets', 'tiny-abc.js'), 'export {};');
    await writeFile(join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes a Brotli and a gzip copy beside each script and stylesheet, which decode to the file', async () => {
    const result = await precompressDir(dir);
    expect(result.files).toBe(2);
    const file = join(dir, 'assets', 'index-abc.js');
    const br = await readFile(`${file}.br`);
    const gz = await readFile(`${file}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(script.length);
    const css = join(dir, 'assets', 'index-abc.css');
    expect(gunzipSync(await readFile(`${css}.gz`)).toString()).toBe(await readFile(css, 'utf8'));
  });

  it('leaves alone the page (the server writes its nonce), fonts, source maps and files under 1 KB', async () => {
    await precompressDir(dir);
    const written = [...(await readdir(dir)), ...(await readdir(join(dir, 'assets')))].filter((name) =>
      /\.(br|gz)$/.test(name),
    );
    expect(written.sort()).toEqual([
      'index-abc.css.br',
      'index-abc.css.gz',
      'index-abc.js.br',
      'index-abc.js.gz',
    ]);
    expect('export {};'.length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
  });
});
