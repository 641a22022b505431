// @vitest-environment jsdom
// Real: React 19 (development build) rendering on the "server" (renderToString) and hydrating in
// jsdom, <Hydrate>'s gates and its window listener; faked: idle is jsdom's setTimeout fallback.
import { act, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Hydrate, type HydrateOn } from './hydrate.tsx';

/** A control with state and an effect: `data-live` says its effects ran (it is hydrated). */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <button type="button" id="counter" data-live={live} onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

function Page({ on, label = 'Pressed' }: { on: HydrateOn; label?: string }) {
  const [outside, setOutside] = useState(false);
  useEffect(() => setOutside(true), []);
  return (
    <main data-outside-live={outside}>
      <Hydrate on={on}>
        <Counter label={label} />
      </Hydrate>
    </main>
  );
}

/** The server's HTML of `element` in a fresh container, hydrated; resolves once React settled. */
async function hydrated(element: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  const button = container.querySelector('#counter') as HTMLButtonElement;
  const root = await act(async () => hydrateRoot(container, element));
  return { container, button, root };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('<Hydrate>', () => {
  it('on interaction: the page hydrates around the part, whose server HTML waits; a click inside it reaches its handler', async () => {
    const { container, button } = await hydrated(<Page on="interaction" />);
    expect(container.querySelector('main')?.dataset.outsideLive).toBe('true');
    expect(button.dataset.live).toBe('false');
    expect(button.textContent).toBe('Pressed 0');

    await act(async () => button.click());
    // the same element, now live, and the click that woke it was counted
    expect(container.querySelector('#counter')).toBe(button);
    expect(button.textContent).toBe('Pressed 1');
    expect(button.dataset.live).toBe('true');
  });

  it('on idle: the part hydrates by itself after the page, keeping its server element', async () => {
    const { container, button } = await hydrated(<Page on="idle" />);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(container.querySelector('#counter')).toBe(button);
    expect(button.dataset.live).toBe('true');
  });

  it('hydrates a waiting part when new props reach it, instead of dropping its HTML', async () => {
    const { container, button, root } = await hydrated(<Page on="interaction" />);
    expect(button.dataset.live).toBe('false');
    await act(async () => root.render(<Page on="interaction" label="Tocado" />));
    expect(container.querySelector('#counter')).toBe(button);
    expect(button.textContent).toBe('Tocado 0');
  });

  it('in a client render (no server HTML) shows its children at once', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => createRoot(container).render(<Page on="interaction" />));
    const button = container.querySelector('#counter') as HTMLButtonElement;
    expect(button.dataset.live).toBe('true');
    await act(async () => button.click());
    expect(button.textContent).toBe('Pressed 1');
  });
});
