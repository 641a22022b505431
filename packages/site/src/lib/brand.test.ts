// Pure function over plain strings; nothing faked.
import { describe, expect, it } from 'vitest';
import { wordmark } from './brand.ts';

describe('wordmark', () => {
  it('puts the family name over what the clinic is', () => {
    expect(wordmark('Amigo Fiel Clínica Veterinária')).toEqual({
      family: 'Amigo Fiel',
      kind: 'Clínica Veterinária',
    });
    expect(wordmark('Amigo Fiel Digital')).toEqual({ family: 'Amigo Fiel', kind: 'Digital' });
  });
  it('keeps a two-word name on one line', () => {
    expect(wordmark(' Amigo  Fiel ')).toEqual({ family: 'Amigo Fiel', kind: '' });
  });
});
