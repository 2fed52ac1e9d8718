// Where Auth may send a browser back to, as GoTrue decides it (supabase/auth
// internal/utilities/request.go IsRedirectURLValid, GetReferrer; the allow list compiled in
// internal/conf/configuration.go with glob.MustCompile(uri, '.', '/')):
//   1. the site URL's origin: same hostname and scheme, and the same port unless the host is a
//      localhost name (RFC 8252: native apps use any port);
//   2. never a host written as one decimal number; any loopback IP; for http(s) only regular
//      host names;
//   3. an allow-list entry matching the WHOLE URL (fragment cut off) as a glob whose separators
//      are `.` and `/`: `*` stops at them, `**` does not, `?` is one non-separator character,
//      `[a-z]`/`[!a-z]` one character of (not of) a class, `{a,b}` alternatives, `\` escapes.
// URLs are read as Go's url.Parse reads them (go-url.ts), so `http://localhost:5173@evil.example/`
// is a URL on evil.example that no entry matches, and `http://localhost:5173\@evil.example` does
// not parse at all. Anything refused falls back to site_url.
import { isLoopbackIp, parseGoIp, parseGoUrl } from './go-url.ts';

/** gobwas/glob's syntax as a RegExp over the whole string; throws where glob.MustCompile panics. */
export function compileGlob(pattern: string, separators = './'): RegExp {
  const notSeparator = `[^${separators.replace(/[\\\]^-]/g, '\\$&')}]`;
  let index = 0;
  const literal = (character: string) => character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

  function sequence(insideBraces: boolean): string {
    let out = '';
    while (index < pattern.length) {
      const character = pattern[index]!;
      if (insideBraces && (character === ',' || character === '}')) return out;
      index += 1;
      if (character === '\\') {
        if (index >= pattern.length) throw new Error(`bad glob "${pattern}": trailing escape`);
        out += literal(pattern[index]!);
        index += 1;
      } else if (character === '*') {
        if (pattern[index] === '*') {
          index += 1;
          out += '[\\s\\S]*';
        } else out += `${notSeparator}*`;
      } else if (character === '?') out += notSeparator;
      else if (character === '[') out += characterClass();
      else if (character === '{') out += alternatives();
      else out += literal(character);
    }
    if (insideBraces) throw new Error(`bad glob "${pattern}": unclosed {`);
    return out;
  }

  function characterClass(): string {
    const close = pattern.indexOf(']', index);
    if (close < 0) throw new Error(`bad glob "${pattern}": unclosed [`);
    let body = pattern.slice(index, close);
    index = close + 1;
    const negated = body.startsWith('!');
    if (negated) body = body.slice(1);
    const escaped = body.replace(/[\\\]^]/g, '\\$&');
    return negated ? `[^${escaped}]` : `[${escaped}]`;
  }

  function alternatives(): string {
    const options: string[] = [];
    for (;;) {
      options.push(sequence(true));
      const character = pattern[index];
      index += 1;
      if (character === '}') return `(?:${options.join('|')})`;
    }
  }

  return new RegExp(`^${sequence(false)}$`);
}

const LOCALHOST_NAMES = ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'];
/** GoTrue's isLocalhost (internal/utilities/url_validator.go). */
const isLocalhost = (hostname: string): boolean => LOCALHOST_NAMES.includes(hostname.toLowerCase()) || hostname.toLowerCase().endsWith('.localhost');

export function createRedirectCheck(siteUrl: string, allowList: string[]) {
  const patterns = allowList.map((entry) => compileGlob(entry));
  const site = parseGoUrl(siteUrl);

  function isRedirectUrlValid(redirectUrl: string): boolean {
    if (!redirectUrl) return false;
    const target = parseGoUrl(redirectUrl);
    if (!site || !target) return false;
    if (site.hostname === target.hostname && site.scheme === target.scheme && (site.port === target.port || isLocalhost(target.hostname))) {
      return true;
    }
    const isHttp = target.scheme === 'http' || target.scheme === 'https';
    if (/^[0-9]+$/.test(target.hostname)) return false;
    const ip = parseGoIp(target.hostname);
    if (ip) return isLoopbackIp(ip);
    if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(target.hostname)) return false;
    const withoutFragment = redirectUrl.split('#')[0]!;
    return patterns.some((pattern) => pattern.test(withoutFragment));
  }

  /** The redirect GoTrue uses: the requested one if allowed, else site_url. */
  return (target: string | undefined): string => (target && isRedirectUrlValid(target) ? target : siteUrl);
}
