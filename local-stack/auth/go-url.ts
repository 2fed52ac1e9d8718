// The parts of Go's net/url.Parse that GoTrue's redirect check depends on: which URLs fail to
// parse (control characters, a bad userinfo, a bad port, a host with characters Go refuses)
// and what Hostname(), Port() and Scheme are for the rest. WHATWG's URL (Node's) disagrees on
// exactly the strings an attacker tries (`\`, `@`, odd ports), so the stack cannot use it to
// decide what GoTrue would accept.

export interface GoUrl {
  /** lower-cased, '' when there is none */
  scheme: string;
  /** host without port and brackets, as Go's URL.Hostname() */
  hostname: string;
  /** as Go's URL.Port(): digits after the last ':' of the host, '' when none */
  port: string;
}

/** Go's getScheme: letters first, then letters, digits, `+`, `-`, `.` up to `:`. */
function splitScheme(raw: string): { scheme: string; rest: string } | null {
  for (let index = 0; index < raw.length; index += 1) {
    const character = raw[index]!;
    if (/[A-Za-z]/.test(character)) continue;
    if (/[0-9+\-.]/.test(character)) {
      if (index === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (character === ':') return index === 0 ? null : { scheme: raw.slice(0, index).toLowerCase(), rest: raw.slice(index + 1) };
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

/** Go's validUserinfo. */
const validUserinfo = (userinfo: string): boolean => /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo);

/** Go's validOptionalPort: empty, or `:` and digits. */
const validOptionalPort = (port: string): boolean => port === '' || /^:[0-9]*$/.test(port);

/** Go's unescape in encodeHost mode: %XX only for bytes ≥ 0x80 (or %25), and no character Go would escape. */
function validHostText(host: string): boolean {
  for (let index = 0; index < host.length; index += 1) {
    const character = host[index]!;
    if (character === '%') {
      const hex = host.slice(index + 1, index + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
      if (parseInt(hex[0]!, 16) < 8 && hex !== '25') return false;
      index += 2;
      continue;
    }
    if (character.charCodeAt(0) >= 0x80) continue;
    if (!/[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"]/.test(character)) return false;
  }
  return true;
}

/** Go's parseHost: bracketed IPv6 with an optional port, else host[:port]. */
function parseHost(host: string): { hostname: string; port: string } | null {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return null;
    const colonPort = host.slice(close + 1);
    if (!validOptionalPort(colonPort)) return null;
    if (!validHostText(host)) return null;
    return { hostname: host.slice(1, close), port: colonPort.slice(1) };
  }
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && !validOptionalPort(host.slice(colon))) return null;
  if (!validHostText(host)) return null;
  return colon >= 0 ? { hostname: host.slice(0, colon), port: host.slice(colon + 1) } : { hostname: host, port: '' };
}

/** Go's url.Parse, reduced to what the redirect check reads; null where Go returns an error. */
export function parseGoUrl(raw: string): GoUrl | null {
  if ([...raw].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f)) return null; // "invalid control character in URL"
  const beforeFragment = raw.split('#')[0]!;
  const split = splitScheme(beforeFragment);
  if (!split) return null; // "missing protocol scheme"
  let rest = split.rest;
  const query = rest.indexOf('?');
  if (query >= 0) rest = rest.slice(0, query);
  if (!rest.startsWith('/')) {
    if (split.scheme) return { scheme: split.scheme, hostname: '', port: '' }; // opaque, e.g. mailto:
    const firstSegment = rest.split('/')[0]!;
    return firstSegment.includes(':') ? null : { scheme: '', hostname: '', port: '' };
  }
  if (!rest.startsWith('//') || (!split.scheme && rest.startsWith('///'))) return { scheme: split.scheme, hostname: '', port: '' };
  const afterSlashes = rest.slice(2);
  const slash = afterSlashes.indexOf('/');
  const authority = slash >= 0 ? afterSlashes.slice(0, slash) : afterSlashes;
  const at = authority.lastIndexOf('@');
  if (at >= 0 && !validUserinfo(authority.slice(0, at))) return null; // "net/url: invalid userinfo"
  const host = parseHost(at >= 0 ? authority.slice(at + 1) : authority);
  return host ? { scheme: split.scheme, ...host } : null;
}

/** Go's net.ParseIP: IPv4 dotted decimal (no leading zeros) or IPv6; the 16-byte form, or null. */
export function parseGoIp(text: string): number[] | null {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const parts = v4.slice(1).map((part) => (part.length > 1 && part.startsWith('0') ? NaN : Number(part)));
    return parts.every((part) => part >= 0 && part <= 255) ? [...Array<number>(10).fill(0), 0xff, 0xff, ...parts] : null;
  }
  if (!text.includes(':')) return null;
  let body = text;
  let tail: number[] = [];
  const embedded = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (embedded) {
    const v4bytes = parseGoIp(embedded[2]!);
    if (!v4bytes) return null;
    body = `${embedded[1]}0:0`;
    tail = v4bytes.slice(12);
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const back = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...back].some((group) => !/^[0-9A-Fa-f]{1,4}$/.test(group))) return null;
  const missing = 8 - head.length - back.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const words = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...back].map((group) => parseInt(group, 16));
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** Go's IP.IsLoopback: 127.0.0.0/8 (also IPv4-mapped) or ::1. */
export function isLoopbackIp(bytes: number[]): boolean {
  const mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes[12] === 127;
  return bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1;
}
