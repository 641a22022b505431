import type { SliceProps } from '@ssg/cli/site';
import { Footer } from '../components/footer.tsx';
import type { FooterData } from '../lib/page-data.ts';

export default function FooterSlice({ data }: SliceProps<FooterData>) {
  return (
    <Footer
      companyName={data.companyName}
      slogan={data.slogan}
      logo={data.logo}
      units={data.units}
      phones={data.phones}
      horarios={data.horarios}
      social={data.social}
      badge={data.badge}
    />
  );
}
