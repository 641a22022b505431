// Real link builders; no fakes.
import { describe, expect, it } from 'vitest';
import {
  facebookUrl,
  googleTagScriptUrl,
  instagramUrl,
  isExternal,
  linkedinUrl,
  mainChatUrl,
  mapsSearchUrl,
  socialChatUrl,
  whatsappChatUrl,
} from './links.ts';

describe('outbound links', () => {
  it('treats http, https and protocol-relative addresses as external', () => {
    expect(isExternal('https://wa.me/1')).toBe(true);
    expect(isExternal('http://example.com')).toBe(true);
    expect(isExternal('//cdn.example.com/x.js')).toBe(true);
    expect(isExternal('/servicos/')).toBe(false);
    expect(isExternal('tel:+551132654321')).toBe(false);
  });
  it('builds a maps search link from the address', () => {
    expect(mapsSearchUrl('Rua Augusta, 1520 – São Paulo')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Rua%20Augusta%2C%201520%20%E2%80%93%20S%C3%A3o%20Paulo',
    );
  });
  it('builds a wa.me chat link with the prefilled message', () => {
    expect(whatsappChatUrl('5511987654321', 'Olá, quero agendar!')).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1%2C%20quero%20agendar!',
    );
    expect(whatsappChatUrl('5511987654321')).toBe('https://wa.me/5511987654321');
  });
  it('builds social profile links from the handles', () => {
    expect(instagramUrl('amigofielvet')).toBe('https://www.instagram.com/amigofielvet/');
    expect(facebookUrl('amigofielvet')).toBe('https://www.facebook.com/amigofielvet');
    expect(linkedinUrl('amigo-fiel')).toBe('https://www.linkedin.com/company/amigo-fiel/');
  });
  it("opens the brand's chat with texts.json's greeting, else social.json's, else the fallback", () => {
    const social = { whatsapp: '5511987654321', mensagem: 'Oi!' };
    expect(mainChatUrl({ social, texts: { whatsMessage: 'Olá' } })).toBe(
      'https://wa.me/5511987654321?text=Ol%C3%A1',
    );
    expect(mainChatUrl({ social, texts: {} })).toBe('https://wa.me/5511987654321?text=Oi!');
    expect(mainChatUrl({ social: { ...social, mensagem: '' }, texts: {} })).toMatch(
      /^https:\/\/wa\.me\/5511987654321\?text=Ol%C3%A1!%20Vim%20pelo%20site/,
    );
    expect(socialChatUrl({ social })).toBe('https://wa.me/5511987654321?text=Oi!');
  });
  it("loads Google's tag for the measurement id", () => {
    expect(googleTagScriptUrl('G-ABC123')).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-ABC123',
    );
  });
});
