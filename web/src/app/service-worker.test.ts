import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

const navigatorWith = (register: ReturnType<typeof vi.fn>) => ({ serviceWorker: { register } }) as unknown as Navigator;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('service worker registration', () => {
  it('registers /sw.js only once the first screen has painted', async () => {
    vi.stubEnv('PROD', true);
    const register = vi.fn(() => Promise.resolve({}));
    let paint = () => {};
    const ready = new Promise<void>((resolve) => (paint = resolve));
    const done = registerServiceWorker(navigatorWith(register), ready);
    await Promise.resolve();
    expect(register).not.toHaveBeenCalled();
    paint();
    await done;
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('leaves the app working when the browser refuses the worker', async () => {
    vi.stubEnv('PROD', true);
    const register = vi.fn(() => Promise.reject(new Error('SecurityError')));
    await expect(registerServiceWorker(navigatorWith(register), Promise.resolve())).resolves.toBeUndefined();
  });

  it('registers nothing outside a production build or without service workers', async () => {
    vi.stubEnv('PROD', false);
    const register = vi.fn(() => Promise.resolve({}));
    await registerServiceWorker(navigatorWith(register), Promise.resolve());
    expect(register).not.toHaveBeenCalled();
    vi.stubEnv('PROD', true);
    await registerServiceWorker({} as Navigator, Promise.resolve());
  });
});
