import { describe, expect, it } from 'vitest';
import { applicationServerKey, sameKey } from './application-server-key';

describe('applicationServerKey', () => {
  it('decodes unpadded base64url', () => {
    expect([...applicationServerKey('AP-_'), ...applicationServerKey('AQ')]).toEqual([0x00, 0xff, 0xbf, 0x01]);
  });
  it('compares a subscription key with the current one', () => {
    const key = applicationServerKey('AP-_');
    expect(sameKey(key.buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([0, 255, 190]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
