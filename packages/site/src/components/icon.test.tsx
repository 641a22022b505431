// Real TextIcon and Icon rendered in jsdom; nothing faked.
import '../test/cleanup.ts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon, TextIcon } from './icon.tsx';

describe('TextIcon', () => {
  it('draws in the colour of the surrounding text, at the size given', () => {
    const { container } = render(<TextIcon name="whatsapp" size={20} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('stroke')).toBe('currentColor');
    expect(svg?.getAttribute('width')).toBe('20');
  });

  it('renders the same markup as an Icon given currentColor', () => {
    const text = render(<TextIcon name="phone" size={16} label="Ligar" />).container.innerHTML;
    const plain = render(<Icon name="phone" size={16} label="Ligar" color="currentColor" />)
      .container.innerHTML;
    expect(text).toBe(plain);
  });
});
