// Real SiteLink and the framework's Link in its runtime context (navigate recorded); jsdom.
import '../test/cleanup.ts';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { gtagCalls, renderInRuntime } from '../test/runtime.tsx';
import { Icon } from './icon.tsx';
import { PageNameProvider, SiteLink } from './site-link.tsx';

beforeEach(() => {
  delete window.dataLayer;
  delete window.gtag;
});

describe('links', () => {
  it('opens http, https and protocol-relative addresses in a new tab without opener', () => {
    renderInRuntime(
      <>
        <SiteLink to="https://wa.me/5511987654321">a</SiteLink>
        <SiteLink to="http://example.com.br">b</SiteLink>
        <SiteLink to="//cdn.example.com.br">c</SiteLink>
        <SiteLink to="/contato/">d</SiteLink>
      </>,
    );
    for (const name of ['a', 'b', 'c']) {
      const a = screen.getByRole('link', { name });
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'd' }).getAttribute('target')).toBeNull();
  });

  it('is active when the page name matches its text, icons ignored', () => {
    renderInRuntime(
      <PageNameProvider name="Serviços">
        <SiteLink to="/servicos/">
          <Icon name="paw" /> Serviços
        </SiteLink>
        <SiteLink to="/contato/">Contato</SiteLink>
      </PageNameProvider>,
    );
    expect(screen.getByRole('link', { name: 'Serviços' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Contato' }).getAttribute('aria-current')).toBeNull();
  });

  it('sends click_navigate with the href on every click: site, outside and tel: links', () => {
    renderInRuntime(
      <>
        <SiteLink to="/galeria/">galeria</SiteLink>
        <SiteLink to="https://www.instagram.com/amigofielvet/" onClick={(e) => e.preventDefault()}>
          insta
        </SiteLink>
        <SiteLink to="tel:+551132654321" onClick={(e) => e.preventDefault()}>
          tel
        </SiteLink>
      </>,
    );
    act(() => screen.getByRole('link', { name: 'galeria' }).click());
    act(() => screen.getByRole('link', { name: 'insta' }).click());
    act(() => screen.getByRole('link', { name: 'tel' }).click());
    expect(gtagCalls()).toEqual([
      ['event', 'click_navigate', { href: '/galeria/' }],
      ['event', 'click_navigate', { href: 'https://www.instagram.com/amigofielvet/' }],
      ['event', 'click_navigate', { href: 'tel:+551132654321' }],
    ]);
  });
});
