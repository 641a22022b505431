// Real Countdown in jsdom with an injected clock; requestAnimationFrame is driven by hand.
import '../test/cleanup.ts';
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, MAX_FRAME_STEP_MS, timeLeft, useAnimationFrame } from './countdown.tsx';

let frames: Array<(t: number) => void> = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (cb: (t: number) => void) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
});
afterEach(() => vi.unstubAllGlobals());
const runFrame = (t: number) =>
  act(() => {
    for (const f of frames.splice(0)) f(t);
  });

const EVENT = '2027-03-13T08:00:00-03:00';
const at = (iso: string) => () => Date.parse(iso);

describe('countdown', () => {
  it('counts days, hours, minutes and seconds to the event', () => {
    render(
      <Countdown
        eventName="Vacinação"
        eventDate={EVENT}
        subtitle="Grátis"
        now={at('2027-03-11T06:58:57-03:00')}
      />,
    );
    const section = screen.getByRole('region', { name: 'Vacinação' });
    expect(section.dataset.state).toBe('running');
    expect(section.textContent).toContain('02dias01hora01minuto03segundos');
    expect(screen.getByText('Grátis')).toBeTruthy();
  });
  it('says the event has taken place once the date has passed', () => {
    render(
      <Countdown
        eventName="Vacinação"
        eventDate={EVENT}
        subtitle="Grátis"
        now={at('2027-03-14T00:00:00-03:00')}
      />,
    );
    expect(screen.getByRole('region', { name: 'Vacinação' }).dataset.state).toBe('ended');
    expect(screen.getByText('Evento encerrado')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/já aconteceu/);
  });
  it('computes nothing left at or after the date', () => {
    expect(timeLeft(1000, 1000)).toBeNull();
    expect(timeLeft(1000, 0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });
  it('caps the animation frame step at 64 ms', () => {
    const steps: number[] = [];
    renderHook(() => useAnimationFrame((s) => steps.push(s)));
    runFrame(1000);
    runFrame(1016);
    runFrame(5000);
    expect(steps).toEqual([0, 16, MAX_FRAME_STEP_MS]);
    expect(MAX_FRAME_STEP_MS).toBe(64);
  });
});
