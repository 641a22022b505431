// Real Footer, Badge and Icon in jsdom; all its links are outside or tel: links (no runtime needed).
import '../test/cleanup.ts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '../brands.ts';
import { Badge } from './badge.tsx';
import { Footer, type FooterProps } from './footer.tsx';
import { Icon } from './icon.tsx';

const props: FooterProps = {
  companyName: 'Amigo Fiel Clínica Veterinária',
  slogan: 'Quem ama, cuida.',
  logo: {
    src: '/images/logo-vet.svg',
    srcset: '',
    sources: [],
    sizes: '48px',
    alt: '',
    width: 48,
    height: 48,
  },
  units: [
    {
      name: 'Unidade Moema',
      address: 'Avenida Ibirapuera, 2890 – Moema, São Paulo – SP',
      mapsHref: 'https://www.google.com/maps/search/?api=1&query=Avenida',
      whats: '5511976543210',
      whatsHref: 'https://wa.me/5511976543210?text=Ol%C3%A1',
      tel: '1150981234',
    },
  ],
  phones: { agendamento: '1132654321', plantao: '1132659999' },
  horarios: [{ dias: 'Segunda a sexta', horas: '8h às 20h' }],
  social: {
    instagram: { user: 'amigofielvet', href: 'https://www.instagram.com/amigofielvet/' },
    facebook: 'https://www.facebook.com/amigofielvet',
    linkedin: 'https://www.linkedin.com/company/amigo-fiel/',
    whatsapp: { number: '5511987654321', href: 'https://wa.me/5511987654321' },
  },
  badge: { type: 'vet' },
};

describe('footer', () => {
  it('carries the anchor id contato, the Contate-nos heading and the copyright line', () => {
    render(<Footer {...props} year={2027} />);
    const footer = screen.getByRole('contentinfo');
    expect(footer.id).toBe('contato');
    expect(screen.getByRole('heading', { name: 'Contate-nos' })).toBeTruthy();
    expect(
      screen.getByText(
        'Copyright 2027 Amigo Fiel Clínica Veterinária. Todos os direitos reservados',
      ),
    ).toBeTruthy();
  });
  it('uses the current year by default', () => {
    render(<Footer {...props} />);
    expect(screen.getByText(new RegExp(`^Copyright ${new Date().getFullYear()} `))).toBeTruthy();
  });
  it('shows the slogan by default and hides it with the flag', () => {
    const { rerender } = render(<Footer {...props} />);
    expect(screen.getByText('Quem ama, cuida.')).toBeTruthy();
    rerender(<Footer {...props} showSlogan={false} />);
    expect(screen.queryByText('Quem ama, cuida.')).toBeNull();
  });
  it('lists units with maps, WhatsApp (prefilled) and tel: links in the display formats', () => {
    render(<Footer {...props} />);
    const unit = screen.getByText('Unidade Moema').closest('li') as HTMLLIElement;
    const links = within(unit).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.google.com/maps/search/?api=1&query=Avenida',
      'https://wa.me/5511976543210?text=Ol%C3%A1',
      'tel:+551150981234',
    ]);
    expect(unit.textContent).toContain('(11) 97654-3210');
    expect(unit.textContent).toContain('(11) 5098-1234');
    expect(links[1]?.getAttribute('target')).toBe('_blank');
  });
});

describe('badge', () => {
  it.each([
    ['vet', 'Vet'],
    ['med', 'Med'],
    ['digital', 'D'],
    ['psico', 'Psico'],
    ['odonto', 'Odonto'],
  ] as const)(
    'shows %s as %s with its own colour and the label Parceiro by default',
    (type, name) => {
      const { container } = render(<Badge type={type} />);
      const badge = container.querySelector('[data-slot="badge"]') as HTMLElement;
      expect(badge.textContent).toBe(`Parceiro${name}`);
      expect(badge.style.getPropertyValue('--badge-color')).toMatch(/^#[0-9a-f]{6}$/);
    },
  );
  it('has a distinct colour per type and takes another label', () => {
    const colours = new Set(
      BRANDS.map((t) => {
        const { container } = render(<Badge type={t} />);
        return (
          container.querySelector('[data-slot="badge"]') as HTMLElement
        ).style.getPropertyValue('--badge-color');
      }),
    );
    expect(colours.size).toBe(5);
    render(<Badge type="med" label="Hospital parceiro" />);
    expect(screen.getByText('Hospital parceiro')).toBeTruthy();
  });
});

describe('icon', () => {
  it('defaults to 48 × 48 px in #c3c3c3 and is decorative without a label', () => {
    const { container } = render(<Icon name="paw" />);
    const svg = container.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('width')).toBe('48');
    expect(svg.getAttribute('height')).toBe('48');
    expect(svg.getAttribute('stroke')).toBe('#c3c3c3');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
  });
});
