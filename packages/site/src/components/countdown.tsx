import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { formatDateSaoPaulo } from '../lib/format.ts';
import './countdown.css';

/** Longest step one animation frame may advance (a background tab must not jump ahead). */
export const MAX_FRAME_STEP_MS = 64;

/** Calls `onFrame(step)` on every animation frame, with the step capped at 64 ms. */
export function useAnimationFrame(onFrame: (stepMs: number) => void, active = true): void {
  const callback = useRef(onFrame);
  callback.current = onFrame;
  useEffect(() => {
    if (!active) return;
    let id = 0;
    let last: number | undefined;
    const tick = (now: number) => {
      const step = last === undefined ? 0 : Math.min(now - last, MAX_FRAME_STEP_MS);
      last = now;
      callback.current(step);
      id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(id);
  }, [active]);
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function timeLeft(targetMs: number, nowMs: number): TimeLeft | null {
  const ms = targetMs - nowMs;
  if (ms <= 0) return null;
  const s = Math.floor(ms / 1000);
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor(s / 3600) % 24,
    minutes: Math.floor(s / 60) % 60,
    seconds: s % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const UNITS: Array<[keyof TimeLeft, string, string]> = [
  ['days', 'dia', 'dias'],
  ['hours', 'hora', 'horas'],
  ['minutes', 'minuto', 'minutos'],
  ['seconds', 'segundo', 'segundos'],
];

export interface CountdownProps extends ComponentProps<'section'> {
  eventName: string;
  /** ISO 8601 with a time zone. */
  eventDate: string;
  subtitle: string;
  /** Clock, for tests. */
  now?: () => number;
}

/**
 * Days, hours, minutes and seconds until the event. Renders without numbers on the server (the
 * build does not know when the page is read) and counts on animation frames in the browser.
 * Once the date has passed it says the event took place.
 */
export function Countdown({
  eventName,
  eventDate,
  subtitle,
  now = Date.now,
  className,
  ...props
}: CountdownProps) {
  const target = Date.parse(eventDate);
  const [left, setLeft] = useState<TimeLeft | null | undefined>(undefined);
  const elapsed = useRef(0);
  const ended = left === null;

  useEffect(() => setLeft(timeLeft(target, now())), [target, now]);
  // Re-read the clock every accumulated second; the capped step keeps a sleeping tab from racing.
  useAnimationFrame(
    (step) => {
      elapsed.current += step;
      if (elapsed.current < 250) return;
      elapsed.current = 0;
      const next = timeLeft(target, now());
      setLeft((prev) =>
        prev && next && prev.seconds === next.seconds && prev.minutes === next.minutes
          ? prev
          : next,
      );
    },
    left !== undefined && !ended,
  );

  const state = left === undefined ? 'pending' : ended ? 'ended' : 'running';
  return (
    <section
      data-slot="countdown"
      data-state={state}
      className={cn('countdown', className)}
      aria-labelledby="countdown-title"
      {...props}
    >
      <p className="countdown__eyebrow">{ended ? 'Evento encerrado' : 'Próximo evento'}</p>
      <h2 id="countdown-title" className="countdown__title">
        {eventName}
      </h2>
      <p className="countdown__date">
        <time dateTime={eventDate}>{formatDateSaoPaulo(target)}</time>
      </p>
      {ended ? (
        <p className="countdown__ended" role="status">
          Este evento já aconteceu. Obrigado a todos que participaram! Fique de olho nas nossas
          redes para a próxima edição.
        </p>
      ) : (
        <>
          <p className="countdown__subtitle">{subtitle}</p>
          <ol
            className="countdown__clock"
            aria-label={
              left
                ? `Faltam ${left.days} dias, ${left.hours} horas e ${left.minutes} minutos`
                : 'Contagem regressiva'
            }
          >
            {UNITS.map(([key, one, many]) => {
              const v = left ? left[key] : undefined;
              return (
                <li key={key} className="countdown__cell" aria-hidden="true">
                  <span className="countdown__value">{v === undefined ? '--' : pad(v)}</span>
                  <span className="countdown__unit">{v === 1 ? one : many}</span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
