/** Outbound addresses the site builds from content: every link to another site is made here. */
import { FALLBACK_TEXTS } from './fallback-texts.ts';

/** http:, https: and protocol-relative addresses leave the site and open in a new tab. */
export function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/** tel:, mailto:, sms: and in-page anchors are neither site pages nor other sites. */
export function isNonPage(href: string): boolean {
  return /^(tel|mailto|sms):/i.test(href) || href.startsWith('#');
}

export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function whatsappChatUrl(whats: string, message?: string): string {
  const number = whats.replace(/\D/g, '');
  return message
    ? `https://wa.me/${number}?text=${encodeURIComponent(message)}`
    : `https://wa.me/${number}`;
}

/** What a brand's WhatsApp links need of social.json: the number and its greeting. */
type ChatSocial = { whatsapp: string; mensagem: string };

/** The brand's WhatsApp link as social.json gives it: its number with its greeting. */
export const socialChatUrl = (c: { social: ChatSocial }): string =>
  whatsappChatUrl(c.social.whatsapp, c.social.mensagem);

/** The chat the site's WhatsApp buttons open: texts.json's greeting, else social.json's, else the fallback. */
export const mainChatUrl = (c: {
  social: ChatSocial;
  texts: { whatsMessage?: string | undefined };
}): string =>
  whatsappChatUrl(
    c.social.whatsapp,
    c.texts.whatsMessage || c.social.mensagem || FALLBACK_TEXTS.whatsMessage,
  );

export const instagramUrl = (user: string) => `https://www.instagram.com/${user}/`;
export const facebookUrl = (handle: string) => `https://www.facebook.com/${handle}`;
export const linkedinUrl = (handle: string) => `https://www.linkedin.com/company/${handle}/`;

/** Where Google's tag is served from (the CSP allows this origin when analytics is on). */
export const GOOGLE_TAG_ORIGIN = 'https://www.googletagmanager.com';
export const googleTagScriptUrl = (measurementId: string) =>
  `${GOOGLE_TAG_ORIGIN}/gtag/js?id=${measurementId}`;
