import { createTestApp, testDatabases } from '../helpers/app.js';

describe.each(testDatabases())('secret key on $name', (database) => {
  it('is generated once and shared by every instance on the database', async () => {
    const url = await database.url();
    const first = await createTestApp({ secretKey: undefined }, url, { seed: false });
    const second = await createTestApp({ secretKey: undefined }, url, { seed: false });
    try {
      expect(first.app.config.secretKey).toMatch(/^[\w-]{64}$/);
      expect(second.app.config.secretKey).toBe(first.app.config.secretKey);
    } finally {
      await second.app.close();
      await first.close();
    }
  });

  it('comes from SECRET_KEY when set', async () => {
    const testApp = await createTestApp({ secretKey: 'from-the-environment' }, database, { seed: false });
    try {
      expect(testApp.app.config.secretKey).toBe('from-the-environment');
    } finally {
      await testApp.close();
    }
  });
});
