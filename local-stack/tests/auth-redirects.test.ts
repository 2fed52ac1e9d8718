// Where Auth sends the browser back to: supabase/config.toml's site_url and
// additional_redirect_urls, judged as GoTrue's IsRedirectURLValid judges them (supabase/auth
// internal/utilities/request.go; the list compiled in internal/conf/configuration.go with
// glob.MustCompile(uri, '.', '/'), internal/utilities/url_validator.go isLocalhost). A refused
// redirect_to falls back to site_url. Checked through GET /verify (a bad token still redirects,
// with the error in the fragment), the link every mail carries, and the OAuth callback.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { API_URL } from '../keys.ts';
import { compileGlob } from '../auth/redirect.ts';

const SITE = 'http://127.0.0.1:5173';

/** Where GET /verify sends the browser for this redirect_to (its error fragment cut off). */
async function landing(redirectTo: string): Promise<string> {
  const query = new URLSearchParams({ token: 'nope', type: 'recovery', redirect_to: redirectTo });
  const response = await fetch(`${API_URL}/auth/v1/verify?${query}`, { redirect: 'manual', headers: { 'x-forwarded-for': '198.51.100.77' } });
  assert.equal(response.status, 303);
  return response.headers.get('location')!.split('#')[0]!;
}

describe('redirect allow list as GoTrue matches it', () => {
  test('userinfo, suffixes and backslashes never reach another host', async () => {
    for (const attack of [
      'http://localhost:5173@evil.example/',
      'http://localhost:5173@evil.example/nueva-contrasena',
      'http://user@localhost:5173/x',
      'http://localhost:5173\\@evil.example/',
      'http://localhost:5173.evil.example/',
      'http://localhost.evil.example:5173/',
      'http://localhost:5173evil.example/',
      'http://evil.example/http://localhost:5173/',
      '//evil.example/',
      'javascript:alert(1)',
    ]) {
      assert.equal(await landing(attack), SITE, attack);
    }
  });

  test('path tricks stay on the allowed origin; the fragment is not matched', async () => {
    for (const allowed of ['http://localhost:5173/nueva-contrasena', 'http://localhost:5173/a/../../b', 'http://localhost:4173/chismes/?x=1']) {
      assert.equal(await landing(allowed), allowed);
    }
    assert.equal(await landing('http://localhost:5173/#frag'), 'http://localhost:5173/');
  });

  test('ports: any on the site URL and loopback addresses, only the listed ones elsewhere', async () => {
    assert.equal(await landing('http://127.0.0.1:6666/x'), 'http://127.0.0.1:6666/x', 'site host is loopback: any port');
    assert.equal(await landing('http://[::1]:7000/x'), 'http://[::1]:7000/x', 'a loopback IP is always allowed');
    assert.equal(await landing('http://localhost:4173/x'), 'http://localhost:4173/x', 'listed');
    assert.equal(await landing('http://localhost:6666/x'), SITE, 'localhost:6666 is not listed');
    assert.equal(await landing('http://2130706433/'), SITE, 'a host written as one decimal number');
    assert.equal(await landing('http://127.0.0.01/'), SITE, 'not an IP for Go (leading zero), and not listed');
  });

  test('globs: * stops at . and /, ** does not, {a,b} and [a-z] as gobwas/glob', () => {
    const one = compileGlob('http://*.example.com/*');
    assert.ok(one.test('http://app.example.com/x'));
    assert.ok(!one.test('http://a.b.example.com/x'), '* does not cross a dot');
    assert.ok(!one.test('http://app.example.com/x/y'), '* does not cross a slash');
    const any = compileGlob('http://localhost:5173/**');
    assert.ok(any.test('http://localhost:5173/a.b/c'));
    assert.ok(!any.test('http://localhost:5173@evil.example/'), 'the whole URL must match');
    const choice = compileGlob('https://{app,www}.example.com/[a-c]?');
    assert.ok(choice.test('https://www.example.com/b1'));
    assert.ok(!choice.test('https://api.example.com/b1'));
    assert.ok(!compileGlob('https://[!a]x.example.com').test('https://ax.example.com'));
    assert.throws(() => compileGlob('https://{a,b.example.com'), 'an unclosed brace fails as glob.MustCompile panics');
  });
});
