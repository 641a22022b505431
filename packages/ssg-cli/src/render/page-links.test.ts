// Real: pageLinks over HTML as React's server render writes it; nothing faked.
import { describe, expect, it } from 'vitest';
import { pageLinks } from './page-links.ts';

describe('pageLinks', () => {
  it('keeps the site hrefs of <a> elements, unescaped and once each, and leaves the rest out', () => {
    const html = [
      '<nav><a href="/">Início</a><a class="x" data-state="on" href="/sobre/">Sobre</a></nav>',
      '<a href="/busca/?q=gato&amp;p=2">Busca</a><a href="/sobre/">Sobre de novo</a>',
      '<a href="equipe/">relativo</a><a href="../irmao/">acima</a>',
      '<a href="https://example.org/">fora</a><a href="//cdn.example.org/x">fora</a>',
      '<a href="mailto:a@example.org">e-mail</a><a href="tel:+5511999999999">tel</a>',
      '<a href="#topo">topo</a><a href="?aba=2">aba</a><a href="">vazio</a><a>sem href</a>',
      '<link rel="canonical" href="/nao-e-link/"/><use href="/icons.svg#x"></use>',
      '<p>&lt;a href=&quot;/texto/&quot;&gt;</p><abbr href="/abbr/">x</abbr>',
    ].join('');
    expect(pageLinks(html)).toEqual(['/', '/sobre/', '/busca/?q=gato&p=2', 'equipe/', '../irmao/']);
  });
});
