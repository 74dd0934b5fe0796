import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  OAuth2Issuer,
  OAuth2Service,
  type MutableRedirectUri,
  type MutableResponse,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import {
  GOOGLE_CLIENT_ID,
  GOOGLE_SCOPE,
  LINKEDIN_CLIENT_ID,
  LINKEDIN_CLIENT_SECRET,
  identityProviderConfig,
  identityProviderEnv,
  type IdentityProviderEnv,
} from './oidc-env.js';

// Tests that start the provider read its settings from here too.
export * from './oidc-env.js';

/*
 * A local identity provider that plays Google and LinkedIn in server tests, Pact verification and
 * e2e journeys. The OpenID Connect endpoints (authorize, token, userinfo, jwks, discovery) are
 * oauth2-mock-server's; this wrapper adds what that library leaves to its user:
 * - who signs in: a consent page (like the provider's own) where a person types an address and
 *   allows or denies, and `login_hint`-addressed people for tests without a browser;
 * - real token checks: only codes and tokens it issued are accepted, codes once, for the client
 *   and redirect address they were issued for, and LinkedIn's code exchange needs the secret;
 * - Google's tokeninfo (the audience of a token) and a stand-in for the Google Identity Services
 *   script, which hands the web app an access token the way the real token client does;
 * - an outage switch, for the "provider is down" answers.
 * Nothing here ships with the product: the web app only loads the script when GOOGLE_SCRIPT_URL
 * points at this server.
 */

export interface Person {
  email: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  /** Default true. */
  email_verified?: boolean;
  /** Stable subject; defaults to one derived from the address. */
  sub?: string;
}

interface Grant {
  person: Person;
  clientId: string;
  redirectUri: string;
  scope: string;
}

interface IssuedToken {
  person: Person;
  clientId: string;
  scope: string;
}

export interface IdentityProvider {
  /** http://127.0.0.1:<port> (oauth2-mock-server itself would say localhost). */
  readonly origin: string;
  readonly env: IdentityProviderEnv;
  readonly config: ReturnType<typeof identityProviderConfig>;
  /** An access token for `person`, as Google's token client hands one to the web app. */
  googleAccessToken(person: Person, options?: { clientId?: string }): Promise<string>;
  /** Runs the authorization step for `person` and returns the code the redirect would carry. */
  authorizationCode(
    person: Person,
    options: { redirectUri: string; clientId?: string; state?: string; scope?: string },
  ): Promise<string>;
  /** While true every endpoint answers 503, as a provider in an outage does. */
  outage: boolean;
  stop(): Promise<void>;
}

function subjectOf(person: Person): string {
  return person.sub ?? `sub-${Buffer.from(person.email.toLowerCase()).toString('base64url')}`;
}

function claimsOf(person: Person): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    sub: subjectOf(person),
    email: person.email,
    email_verified: person.email_verified ?? true,
  };
  if (person.name !== undefined) claims.name = person.name;
  if (person.given_name !== undefined) claims.given_name = person.given_name;
  if (person.family_name !== undefined) claims.family_name = person.family_name;
  return claims;
}

function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  return /^Bearer\s+(.+)$/i.exec(header)?.[1];
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The provider's own sign-in and consent screen: who signs in, and whether they allow the app in. */
function consentPage(provider: 'Google' | 'LinkedIn', params: URLSearchParams): string {
  const hidden = [...params]
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in with ${provider} (test provider)</title></head>
<body><main><h1>Sign in with ${provider}</h1><p>Test identity provider: CV Builder asks for your name and email address.</p>
<form method="get" action="/consent/decision">${hidden}<input type="hidden" name="provider" value="${provider}">
<p><label>Email <input name="person_email" type="email" required></label></p>
<p><label>Full name <input name="person_name"></label></p>
<p><label><input name="person_email_verified" type="checkbox" value="true" checked> Email verified</label></p>
<p><button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></p>
</form></main></body></html>`;
}

/** The popup's last page: trades the code for a token and hands it to the opener, as Google's popup does. */
function googleCallbackPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head><body><p>Signing in…</p><script>
(async () => {
  const query = new URLSearchParams(location.search);
  const origin = query.get('origin');
  const state = query.get('state');
  let response;
  if (query.get('error')) {
    response = { error: query.get('error'), error_description: query.get('error_description') || undefined };
  } else {
    // The redirect address the code was issued for: this page's address without what the provider added.
    const here = new URL(location.href);
    here.searchParams.delete('code');
    here.searchParams.delete('state');
    const redirectUri = here.href;
    const answer = await fetch('/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: query.get('code'), client_id: query.get('client_id') || '', redirect_uri: redirectUri }),
    });
    const body = await answer.json();
    response = answer.ok
      ? { access_token: body.access_token, token_type: 'Bearer', expires_in: body.expires_in, scope: body.scope, prompt: 'consent', authuser: '0' }
      : { error: body.error || 'server_error', error_description: body.error_description };
  }
  window.opener && window.opener.postMessage({ type: 'fake-gsi-token', state, response }, origin);
  window.close();
})();
</script></body></html>`;
}

/**
 * Stands in for https://accounts.google.com/gsi/client: `google.accounts.oauth2.initTokenClient`
 * with `requestAccessToken()`, calling `callback` with a token response (or `{ error }` when the
 * person denies) and `error_callback` with `{ type, message }` when the popup fails or is closed.
 */
function googleIdentityScript(origin: string): string {
  return `(() => {
  const PROVIDER = ${JSON.stringify(origin)};
  function initTokenClient(config) {
    return {
      requestAccessToken(overrides) {
        const settings = Object.assign({}, config, overrides || {});
        const state = crypto.randomUUID();
        const back = new URL(PROVIDER + '/gsi/callback');
        back.searchParams.set('origin', location.origin);
        back.searchParams.set('client_id', settings.client_id);
        const redirectUri = back.href;
        const params = new URLSearchParams({ response_type: 'code', client_id: settings.client_id, scope: settings.scope || '', redirect_uri: redirectUri, state });
        const popup = window.open(PROVIDER + '/google/authorize?' + params, 'g_auth_popup', 'popup,width=500,height=640');
        if (!popup) {
          if (settings.error_callback) settings.error_callback({ type: 'popup_failed_to_open', message: 'Failed to open popup window' });
          return;
        }
        let settled = false;
        const onMessage = (event) => {
          if (event.origin !== PROVIDER || !event.data || event.data.type !== 'fake-gsi-token' || event.data.state !== state) return;
          settled = true;
          window.removeEventListener('message', onMessage);
          clearInterval(watch);
          settings.callback(event.data.response);
        };
        window.addEventListener('message', onMessage);
        const watch = setInterval(() => {
          if (!popup.closed) return;
          clearInterval(watch);
          // The token message may still be on its way when the popup closes itself.
          setTimeout(() => {
            if (settled) return;
            window.removeEventListener('message', onMessage);
            if (settings.error_callback) settings.error_callback({ type: 'popup_closed', message: 'Popup window closed' });
          }, 500);
        }, 200);
      },
    };
  }
  window.google = window.google || {};
  window.google.accounts = Object.assign({}, window.google.accounts, {
    oauth2: { initTokenClient, hasGrantedAllScopes: () => true, revoke: (_token, done) => done && done({ successful: true }) },
  });
})();
`;
}

export interface StartOptions {
  /** Fixed port (e2e: chosen before the app server starts); default any free one. */
  port?: number;
  /** Let the process exit while it runs (for harnesses that have no place to stop it). */
  unref?: boolean;
}

export async function startIdentityProvider(options: StartOptions = {}): Promise<IdentityProvider> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);

  const people = new Map<string, Person>();
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, IssuedToken>();
  let outage = false;
  let origin = '';

  const rememberPerson = (person: Person) => {
    const hint = randomUUID();
    people.set(hint, person);
    return hint;
  };

  // The authorization step: the code is tied to the person, client and redirect address of that request.
  service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', origin).searchParams;
    const person = people.get(query.get('login_hint') ?? '');
    const code = redirect.url.searchParams.get('code');
    if (!code) return;
    if (!person) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'login_required');
      redirect.url.searchParams.set('error_description', 'Nobody signed in at the identity provider.');
      return;
    }
    grants.set(code, {
      person,
      clientId: query.get('client_id') ?? '',
      redirectUri: query.get('redirect_uri') ?? '',
      scope: query.get('scope') ?? '',
    });
  });

  // The token endpoint: only codes it issued, once, for their client and redirect address.
  service.on('beforeResponse', (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const body = req.body as unknown as Record<string, string | undefined>;
    if (body.grant_type !== 'authorization_code') return;
    const refuse = (error: string, description: string) => {
      response.statusCode = 400;
      response.body = { error, error_description: description };
    };
    const grant = grants.get(body.code ?? '');
    grants.delete(body.code ?? '');
    if (!grant) return refuse('invalid_grant', 'The authorization code is invalid or has expired.');
    if (grant.clientId !== body.client_id) return refuse('invalid_client', 'The client id does not match.');
    if (grant.redirectUri !== body.redirect_uri) {
      return refuse('invalid_grant', 'The redirect_uri does not match the authorization request.');
    }
    if (grant.clientId === LINKEDIN_CLIENT_ID && body.client_secret !== LINKEDIN_CLIENT_SECRET) {
      return refuse('invalid_client', 'Client authentication failed.');
    }
    const accessToken = (response.body as Record<string, unknown>).access_token;
    if (typeof accessToken === 'string') {
      tokens.set(accessToken, { person: grant.person, clientId: grant.clientId, scope: grant.scope });
      response.body = { ...response.body, scope: grant.scope };
    }
  });

  service.on('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => {
    const token = tokens.get(bearerToken(req) ?? '');
    if (!token) {
      response.statusCode = 401;
      response.body = {
        error: 'invalid_token',
        error_description: 'The access token is invalid or has expired.',
      };
      return;
    }
    response.body = claimsOf(token.person);
  });

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    if (outage) return json(res, 503, { error: 'temporarily_unavailable' });
    switch (url.pathname) {
      case '/gsi/client':
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(googleIdentityScript(origin));
      case '/gsi/callback':
        return html(res, 200, googleCallbackPage());
      case '/google/authorize':
      case '/linkedin/authorize': {
        const provider = url.pathname.startsWith('/google') ? 'Google' : 'LinkedIn';
        const expectedClient = provider === 'Google' ? GOOGLE_CLIENT_ID : LINKEDIN_CLIENT_ID;
        const params = url.searchParams;
        if (
          params.get('client_id') !== expectedClient ||
          params.get('response_type') !== 'code' ||
          !params.get('redirect_uri')
        ) {
          return html(
            res,
            400,
            '<!doctype html><title>Bad request</title><h1>Invalid authorization request</h1>',
          );
        }
        return html(res, 200, consentPage(provider, params));
      }
      case '/consent/decision': {
        const params = new URLSearchParams(url.searchParams);
        const decision = params.get('decision');
        const person: Person = {
          email: params.get('person_email') ?? '',
          name: params.get('person_name') || undefined,
          email_verified: params.get('person_email_verified') === 'true',
        };
        for (const name of ['decision', 'provider', 'person_email', 'person_name', 'person_email_verified']) {
          params.delete(name);
        }
        const redirectUri = params.get('redirect_uri') ?? '';
        if (decision !== 'allow') {
          const back = new URL(redirectUri);
          back.searchParams.set('error', 'user_cancelled_authorize');
          back.searchParams.set('error_description', 'The user cancelled the authorization');
          const state = params.get('state');
          if (state) back.searchParams.set('state', state);
          res.writeHead(302, { location: back.href });
          return res.end();
        }
        params.set('login_hint', rememberPerson(person));
        res.writeHead(302, { location: `/authorize?${params}` });
        return res.end();
      }
      case '/tokeninfo': {
        const token = tokens.get(url.searchParams.get('access_token') ?? '');
        if (!token) return json(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
        const claims = claimsOf(token.person);
        return json(res, 200, {
          aud: token.clientId,
          azp: token.clientId,
          sub: claims.sub,
          scope: token.scope,
          expires_in: 3599,
          email: claims.email,
          email_verified: String(claims.email_verified),
        });
      }
      default:
        return service.requestHandler(req, res);
    }
  }

  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  if (options.unref) server.unref();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = origin;

  async function authorizationCode(
    person: Person,
    {
      redirectUri,
      clientId = LINKEDIN_CLIENT_ID,
      state = randomUUID(),
      scope = 'openid profile email',
    }: {
      redirectUri: string;
      clientId?: string;
      state?: string;
      scope?: string;
    },
  ): Promise<string> {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      scope,
      state,
      login_hint: rememberPerson(person),
    });
    const answer = await fetch(`${origin}/authorize?${params}`, { redirect: 'manual' });
    const code = new URL(answer.headers.get('location') ?? '', origin).searchParams.get('code');
    if (!code) throw new Error(`The identity provider issued no code (status ${answer.status})`);
    return code;
  }

  return {
    origin,
    env: identityProviderEnv(origin),
    config: identityProviderConfig(origin),
    get outage() {
      return outage;
    },
    set outage(value: boolean) {
      outage = value;
    },
    authorizationCode,
    async googleAccessToken(person, { clientId = GOOGLE_CLIENT_ID } = {}) {
      const redirectUri = `${origin}/gsi/callback`;
      const code = await authorizationCode(person, { redirectUri, clientId, scope: GOOGLE_SCOPE });
      const answer = await fetch(`${origin}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: clientId,
          redirect_uri: redirectUri,
        }),
      });
      const body = (await answer.json()) as { access_token?: string };
      if (!body.access_token)
        throw new Error(`The identity provider issued no token (status ${answer.status})`);
      return body.access_token;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
