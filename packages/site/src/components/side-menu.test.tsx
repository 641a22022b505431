// Real SideMenu and the framework's real Link inside its runtime context (navigate recorded); jsdom.
import '../test/cleanup.ts';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { gtagCalls, renderInRuntime } from '../test/runtime.tsx';
import { DEFAULT_MENU_ITEMS, SideMenu } from './side-menu.tsx';
import { PageNameProvider } from './site-link.tsx';

function Harness({ items, pageName }: { items?: typeof DEFAULT_MENU_ITEMS; pageName?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <PageNameProvider name={pageName}>
      <button type="button" aria-expanded={open} aria-controls="m" onClick={() => setOpen(true)}>
        Abrir menu
      </button>
      <SideMenu id="m" open={open} onClose={() => setOpen(false)} {...(items ? { items } : {})} />
    </PageNameProvider>
  );
}

beforeEach(() => {
  delete window.dataLayer;
  delete window.gtag;
  document.body.style.overflow = '';
});

describe('side menu', () => {
  it('keeps the specification default items when no list is passed', () => {
    renderInRuntime(<Harness />);
    expect(DEFAULT_MENU_ITEMS).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Serviços', to: '/servicos' },
      { label: 'Galeria', to: '/galeria' },
      { label: 'Contato', to: '/contato' },
    ]);
    const links = screen.getAllByRole('link', { hidden: true });
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'Serviços', 'Galeria', 'Contato']);
  });

  it('opens with focus inside, locks scrolling, closes on Escape and gives focus back', () => {
    renderInRuntime(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir menu' });
    opener.focus();
    act(() => opener.click());
    const dialog = screen.getByRole('dialog');
    expect(dialog.dataset.state).toBe('open');
    expect(opener.getAttribute('aria-expanded')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog', { hidden: true }).dataset.state).toBe('closed');
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('closes when the backdrop is clicked', () => {
    const { container } = renderInRuntime(<Harness />);
    act(() => screen.getByRole('button', { name: 'Abrir menu' }).click());
    const backdrop = container.querySelector('[data-slot="side-menu-backdrop"]') as HTMLElement;
    act(() => backdrop.click());
    expect(container.querySelector('[data-slot="side-menu"]')?.getAttribute('data-state')).toBe(
      'closed',
    );
    expect(document.body.style.overflow).toBe('');
  });

  it('marks the current page link active, navigates on the client and tracks the click', () => {
    const { navigate } = renderInRuntime(
      <Harness
        pageName="Galeria"
        items={[
          { label: 'Home', to: '/' },
          { label: 'Galeria', to: '/galeria/' },
        ]}
      />,
    );
    act(() => screen.getByRole('button', { name: 'Abrir menu' }).click());
    const galeria = screen.getByRole('link', { name: 'Galeria' });
    expect(galeria.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    act(() => galeria.click());
    expect(navigate).toHaveBeenCalledWith('/galeria/');
    expect(gtagCalls()).toContainEqual(['event', 'click_navigate', { href: '/galeria/' }]);
    expect(screen.getByRole('dialog', { hidden: true }).dataset.state).toBe('closed');
  });
});
