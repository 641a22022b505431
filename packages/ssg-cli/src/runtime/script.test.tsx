// @vitest-environment jsdom
// Real: the Script component rendered and remounted by React in jsdom; faked: loadScript (records calls).
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Script } from './script.tsx';

const calls = vi.hoisted(() => [] as Array<{ src: string; strategy?: string }>);
vi.mock('@ssg/loader', () => ({
  loadScript: (o: { src: string; strategy?: string }) => {
    calls.push(o);
    return Promise.resolve(true);
  },
}));

describe('Script', () => {
  it('asks for a script once per document, however often a page remounts it', () => {
    const src = 'https://www.googletagmanager.com/gtag/js?id=G-X';
    const view = render(<Script key="home" src={src} strategy="idle" />);
    view.rerender(<Script key="servicos" src={src} strategy="idle" />);
    view.rerender(<Script key="contato" src={src} strategy="idle" />);
    expect(calls).toEqual([{ src, strategy: 'idle' }]);
  });
});
