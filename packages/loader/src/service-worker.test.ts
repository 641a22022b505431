// Real registerServiceWorker; fake container, registration, worker and location; console spied.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SW_INSECURE_MESSAGE, SW_OFFLINE_MESSAGE, SW_REDUNDANT_MESSAGE } from './constants.ts';
import { registerServiceWorker } from './service-worker.ts';
import { updateInstalled } from './update-signal.ts';

function setup(protocol: string, hostname: string, controller: object | null = null) {
  const worker = { state: 'installing', onstatechange: null as null | (() => void) };
  const reg = { installing: worker, onupdatefound: null as null | (() => void) };
  const container = { register: vi.fn(async () => reg), controller };
  const console = {
    log: vi.spyOn(globalThis.console, 'log').mockImplementation(() => {}),
    error: vi.spyOn(globalThis.console, 'error').mockImplementation(() => {}),
  };
  const onUpdate = vi.fn();
  const install = (state: string) => {
    reg.onupdatefound?.();
    worker.state = state;
    worker.onstatechange?.();
  };
  return {
    run: (over = {}) =>
      registerServiceWorker({
        container: container as unknown as ServiceWorkerContainer,
        location: { protocol, hostname },
        onUpdate,
        ...over,
      }),
    container,
    console,
    onUpdate,
    install,
  };
}

afterEach(() => void vi.restoreAllMocks());

describe('registerServiceWorker', () => {
  it('refuses plain http on a public host with the exact message', async () => {
    const s = setup('http:', 'clinica.example');
    await s.run();
    expect(s.console.log).toHaveBeenCalledWith(
      'Service workers can only be used over HTTPS, or on localhost for development',
    );
    expect(SW_INSECURE_MESSAGE).toBe(s.console.log.mock.calls[0]?.[0]);
    expect(s.container.register).not.toHaveBeenCalled();
  });

  it.each([
    ['https:', 'clinica.example'],
    ['http:', 'localhost'],
    ['http:', '127.0.0.1'],
  ])('registers /sw.js over %s on %s', async (protocol, hostname) => {
    const s = setup(protocol, hostname);
    await s.run();
    expect(s.container.register).toHaveBeenCalledWith('/sw.js');
    expect(s.console.log).not.toHaveBeenCalled();
  });

  it('says the content is offline when the first worker installs', async () => {
    const s = setup('https:', 'clinica.example');
    await s.run();
    s.install('installed');
    expect(s.console.log).toHaveBeenCalledWith('Content is now available offline!');
    expect(SW_OFFLINE_MESSAGE).toBe('Content is now available offline!');
    expect(s.onUpdate).not.toHaveBeenCalled();
  });

  it('signals an update when a worker installs over an older one', async () => {
    const s = setup('https:', 'clinica.example', {});
    await s.run();
    s.install('installed');
    expect(s.onUpdate).toHaveBeenCalledOnce();
    expect(s.console.log).not.toHaveBeenCalled();
  });

  it('by default turns the next client navigation into a full load after an update', async () => {
    const s = setup('https:', 'clinica.example', {});
    await s.run({ onUpdate: undefined });
    expect(updateInstalled()).toBe(false);
    s.install('installed');
    expect(updateInstalled()).toBe(true);
  });

  it('reports a redundant installing worker with the exact message', async () => {
    const s = setup('https:', 'clinica.example');
    await s.run();
    s.install('redundant');
    expect(s.console.error).toHaveBeenCalledWith('The installing service worker became redundant.');
    expect(SW_REDUNDANT_MESSAGE).toBe('The installing service worker became redundant.');
  });

  it('never throws when registration fails (offline, 404 for sw.js)', async () => {
    const s = setup('https:', 'clinica.example');
    s.container.register.mockRejectedValueOnce(new TypeError('Failed to register'));
    await expect(s.run()).resolves.toBeUndefined();
  });

  it('does nothing in a browser without service workers', async () => {
    await expect(
      registerServiceWorker({
        location: { protocol: 'https:', hostname: 'x' },
        container: undefined,
      }),
    ).resolves.toBeUndefined();
  });
});
