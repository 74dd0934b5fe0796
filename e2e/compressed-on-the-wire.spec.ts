import { expect, test, type Response } from '@playwright/test';

// The real browser against the real server: the sign-in page's scripts arrive as the build compressed them
// (Brotli), the page compressed with its nonce in it, and still works under the content security policy; a JSON
// answer over 1 KB arrives compressed and reads as the same JSON (docs/operations.md#compression-on-the-wire).

test('the sign-in page arrives compressed and works', async ({ page }) => {
  const answers: Response[] = [];
  page.on('response', (response) => answers.push(response));
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });

  const document = await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

  const documentHeaders = await document!.allHeaders();
  expect(documentHeaders['content-encoding']).toBe('br');
  expect(documentHeaders.vary).toMatch(/accept-encoding/i);

  const scripts = answers.filter((answer) => /\/assets\/.+\.js$/.test(new URL(answer.url()).pathname));
  expect(scripts.length).toBeGreaterThan(5);
  let compressed = 0;
  for (const script of scripts) {
    const headers = await script.allHeaders();
    expect(headers.vary, script.url()).toMatch(/accept-encoding/i);
    expect(headers['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
    if (headers['content-encoding'] === 'br') compressed += 1;
  }
  // Every script but the smallest (under 1 KB, compressed as it is answered or not at all) comes as the build's
  // Brotli copy.
  expect(compressed).toBeGreaterThan(scripts.length / 2);
  expect(violations).toEqual([]);
});

test('a JSON answer over 1 KB arrives compressed and reads as the same JSON', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  const [answer, template] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === '/v1/CvTemplate/1/'),
    page.evaluate(
      async () => (await fetch('/v1/CvTemplate/1/')).json() as Promise<{ id: number; name: string }>,
    ),
  ]);
  const headers = await answer.allHeaders();
  expect(headers['content-encoding']).toBe('br');
  expect(headers.vary).toMatch(/accept-encoding/i);
  expect(template.id).toBe(1);
  expect(template.name).toBeTruthy();
});
