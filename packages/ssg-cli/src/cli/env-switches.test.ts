// Real: the switches `ssg build` takes from an environment object. Faked: the environment (a plain object).
import { describe, expect, it } from 'vitest';
import { switchesFromEnv } from './env-switches.ts';

describe('the switches of ssg build', () => {
  it('come from SSG_* variables, and the command deletes leftovers in the background', () => {
    expect(
      switchesFromEnv({
        SSG_WRITE_THREAD: '1',
        SSG_RENDER_WORKERS: '2',
        SSG_BUNDLE_PROCESS: '0',
        SSG_FAULT: 'write:EACCES',
      }),
    ).toEqual({
      writeThread: true,
      renderWorkers: 2,
      bundleProcess: false,
      fault: { point: 'write', does: 'fail', code: 'EACCES' },
      removeInBackground: true,
    });
  });

  it('leave the defaults when unset or not understood', () => {
    expect(switchesFromEnv({ SSG_RENDER_WORKERS: 'many', SSG_FAULT: 'nowhere' })).toEqual({
      writeThread: undefined,
      renderWorkers: undefined,
      bundleProcess: true,
      fault: undefined,
      removeInBackground: true,
    });
  });

  it('read SSG_FAULT as a kill, an errno or a hold until a file exists', () => {
    const fault = (spec: string) => switchesFromEnv({ SSG_FAULT: spec }).fault;
    expect(fault('mid-swap')).toEqual({ point: 'mid-swap', does: 'kill' });
    expect(fault('after-swap:EIO')).toEqual({ point: 'after-swap', does: 'fail', code: 'EIO' });
    expect(fault('render:until=/tmp/go')).toEqual({
      point: 'render',
      does: 'hold',
      until: '/tmp/go',
    });
  });
});
