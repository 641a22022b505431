// Real formatting functions; no fakes.
import { describe, expect, it } from 'vitest';
import { formatLandline, formatPhone, formatWhatsapp, telHref } from './phone.ts';

describe('phone formats', () => {
  it('shows WhatsApp numbers as (area) 5 digits - 4 digits, with or without country code', () => {
    expect(formatWhatsapp('5511987654321')).toBe('(11) 98765-4321');
    expect(formatWhatsapp('11987654321')).toBe('(11) 98765-4321');
  });
  it('shows landlines as (area) 4 digits - 4 digits', () => {
    expect(formatLandline('1132654321')).toBe('(11) 3265-4321');
    expect(formatLandline('551132654321')).toBe('(11) 3265-4321');
  });
  it('picks the format by length and leaves unknown shapes as they are', () => {
    expect(formatPhone('5519998765432')).toBe('(19) 99876-5432');
    expect(formatPhone('1932541234')).toBe('(19) 3254-1234');
    expect(formatPhone('190')).toBe('190');
  });
  it('builds tel: links with the country code', () => {
    expect(telHref('1132654321')).toBe('tel:+551132654321');
    expect(telHref('5511987654321')).toBe('tel:+5511987654321');
  });
});
