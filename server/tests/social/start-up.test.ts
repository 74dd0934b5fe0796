import { socialSignInStatus } from '../../src/auth/social/start-up.js';

describe("the start-up output names each sign-in provider's configuration", () => {
  it('says which provider is not configured and what to set', () => {
    const lines = socialSignInStatus({ googleClientId: null, linkedinClientId: 'client', linkedinClientSecret: null });
    expect(lines[0]).toMatch(/google: +Google sign-in is not configured on this server\. Set GOOGLE_CLIENT_ID/);
    expect(lines[1]).toMatch(/linkedin: +LinkedIn sign-in is not configured.*LINKEDIN_CLIENT_SECRET/);
  });

  it('says configured when the client is set', () => {
    expect(
      socialSignInStatus({ googleClientId: 'web', linkedinClientId: 'client', linkedinClientSecret: 'secret' }),
    ).toEqual(['  google:   configured', '  linkedin: configured']);
  });
});
