import type { Brand } from '../brands.ts';

/** Footer badge: display name and colour of each brand type. */
export const BADGE = {
  vet: { name: 'Vet', color: '#0f766e' },
  med: { name: 'Med', color: '#1d4ed8' },
  digital: { name: 'D', color: '#6d28d9' },
  psico: { name: 'Psico', color: '#be185d' },
  odonto: { name: 'Odonto', color: '#0369a1' },
} as const satisfies Record<Brand, { name: string; color: string }>;

export type BadgeKind = Brand;
export const DEFAULT_BADGE_LABEL = 'Parceiro';

export interface Theme {
  primary: string;
  primaryDark: string;
  primarySoft: string;
  accent: string;
}

/** CSS custom properties of a brand, set on the frame's root element. */
export function themeStyle(theme: Theme): Record<string, string> {
  return {
    '--brand': theme.primary,
    '--brand-strong': theme.primaryDark,
    '--brand-soft': theme.primarySoft,
    '--accent': theme.accent,
  };
}

/**
 * The company name as the top bar's two-line wordmark: the family name (its first two words,
 * "Amigo Fiel") over what the clinic is ("Clínica Veterinária"). Shorter names stay on one line.
 */
export function wordmark(companyName: string): { family: string; kind: string } {
  const words = companyName.trim().split(/\s+/);
  return { family: words.slice(0, 2).join(' '), kind: words.slice(2).join(' ') };
}
