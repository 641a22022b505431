// Real: the formatters and Node's full ICU as the reference; nothing faked.
import { describe, expect, it } from 'vitest';
import { formatBrl, formatDateSaoPaulo } from './format.ts';

describe('formatBrl', () => {
  it('writes what Intl writes for BRL in pt-BR', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    for (const value of [0, 0.5, 1, 9.99, 79.9, 149.9, 219.9, 999.995, 1000, 1234.5, 1234567.89])
      expect(formatBrl(value)).toBe(intl.format(value));
  });
});

describe('formatDateSaoPaulo', () => {
  it('writes what Intl writes for a long pt-BR date in São Paulo, around midnight too', () => {
    const intl = new Intl.DateTimeFormat('pt-BR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Sao_Paulo',
    });
    const dates = [
      '2027-03-13T08:00:00-03:00',
      '2026-12-31T23:59:59-03:00',
      '2027-01-01T02:30:00Z',
      '2027-01-01T03:00:00Z',
      '2026-07-04T00:00:00-03:00',
    ];
    for (let month = 0; month < 12; month++)
      dates.push(new Date(Date.UTC(2028, month, 15)).toISOString());
    for (const date of dates)
      expect(formatDateSaoPaulo(Date.parse(date))).toBe(intl.format(Date.parse(date)));
  });
});
