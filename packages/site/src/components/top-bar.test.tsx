// Real TopBar in jsdom; window.scrollY is set by hand and a real scroll event dispatched.
import '../test/cleanup.ts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertStrip } from './alert-strip.tsx';
import { isTopBarFixed, TopBar } from './top-bar.tsx';

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
afterEach(() => Object.defineProperty(window, 'scrollY', { value: 0, configurable: true }));

const bar = (props: Partial<Parameters<typeof TopBar>[0]> = {}) => (
  <TopBar phone="1132659999" menuOpen={false} menuId="menu" onMenuToggle={() => {}} {...props} />
);

describe('alert strip', () => {
  it('says 24 horas by default', () => {
    render(<AlertStrip />);
    expect(screen.getByText('24 horas')).toBeTruthy();
  });
});

describe('top bar', () => {
  it('is in normal flow with the alert strip until the page is scrolled past 48 px', () => {
    render(bar());
    const header = screen.getByRole('banner');
    expect(header.dataset.state).toBe('static');
    scrollTo(48);
    expect(header.dataset.state).toBe('static');
    scrollTo(49);
    expect(header.dataset.state).toBe('fixed');
    scrollTo(10);
    expect(header.dataset.state).toBe('static');
  });
  it('is always fixed without the alert strip', () => {
    expect(isTopBarFixed(false, 0)).toBe(true);
    render(bar({ alertPresent: false }));
    expect(screen.getByRole('banner').dataset.state).toBe('fixed');
  });
  it('has the menu button on the left and a Ligue agora tel: call to action', () => {
    const toggle = vi.fn();
    render(bar({ onMenuToggle: toggle }));
    const button = screen.getByRole('button', { name: 'Abrir menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe('menu');
    button.click();
    expect(toggle).toHaveBeenCalledTimes(1);
    const cta = screen.getByRole('link', { name: 'Ligue agora' });
    expect(cta.getAttribute('href')).toBe('tel:+551132659999');
    const order = [...screen.getByRole('banner').querySelectorAll('button, a')];
    expect(order[0]).toBe(button);
  });
  it('keeps Ligue agora as the default text', () => {
    render(bar({ ctaText: undefined }));
    expect(screen.getByText('Ligue agora')).toBeTruthy();
  });
});
