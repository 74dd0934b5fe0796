import { readFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';

// `npm start` cannot import the flags: it says them again, and this test keeps the two equal.
describe('the server runs with the same V8 settings everywhere', () => {
  it('npm start passes SERVER_NODE_FLAGS', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`tsx ${SERVER_NODE_FLAGS.join(' ')} server/src/main.ts`);
  });
});
