// Times each stage of a build and tells the reporter when it starts, ends or fails.
import { performance } from 'node:perf_hooks';
import type { BuildReporter, StageName } from './types.ts';

export interface StageTimer {
  /** Runs one stage, timed. */
  <T>(name: StageName, run: () => Promise<T> | T): Promise<T>;
  /** The stages run so far, in order, with their times. */
  readonly stages: Array<{ name: StageName; ms: number }>;
}

export function stageTimer(reporter: BuildReporter | undefined): StageTimer {
  const stages: Array<{ name: StageName; ms: number }> = [];
  const timed = async <T>(name: StageName, run: () => Promise<T> | T): Promise<T> => {
    reporter?.stageStart(name);
    const start = performance.now();
    let value: T;
    try {
      value = await run();
    } catch (error) {
      reporter?.stageFail?.(name);
      throw error;
    }
    const ms = performance.now() - start;
    stages.push({ name, ms });
    reporter?.stageEnd(name, ms);
    return value;
  };
  return Object.assign(timed, { stages });
}
