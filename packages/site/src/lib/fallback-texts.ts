/** Portuguese fallbacks for the optional generated texts of content/texts.json. */
export const FALLBACK_TEXTS = {
  h2: 'Cuidado veterinário completo, perto de você',
  about1:
    'Somos uma clínica veterinária feita por pessoas apaixonadas por animais. Atendemos cães e gatos em todas as fases da vida, da primeira vacina aos cuidados da terceira idade.',
  about2:
    'Nossa equipe explica cada diagnóstico com calma, apresenta o orçamento antes de qualquer procedimento e acompanha a recuperação do seu pet de perto.',
  descriptionService:
    'Conheça os serviços que oferecemos para manter o seu pet saudável, feliz e bem cuidado.',
  whatsMessage: 'Olá! Vim pelo site e gostaria de agendar um atendimento para o meu pet.',
} as const;

export type GeneratedTexts = { [K in keyof typeof FALLBACK_TEXTS]?: string | undefined };

/** Each missing or blank text takes its fallback. */
export function withFallbacks(texts: GeneratedTexts): {
  [K in keyof typeof FALLBACK_TEXTS]: string;
} {
  const out: { -readonly [K in keyof typeof FALLBACK_TEXTS]: string } = { ...FALLBACK_TEXTS };
  for (const key of Object.keys(FALLBACK_TEXTS) as Array<keyof typeof FALLBACK_TEXTS>) {
    const v = texts[key];
    if (typeof v === 'string' && v.trim() !== '') out[key] = v;
  }
  return out;
}
