import type { PageProps } from '@ssg/cli/site';
import type { ErrorPageData } from '../lib/page-data.ts';
import { ErrorPage } from './error-page.tsx';

export default function NotFoundPage({ data }: PageProps<ErrorPageData>) {
  return (
    <ErrorPage
      code="404"
      title="Página não encontrada"
      text="O endereço que você procurou não existe ou mudou de lugar. Que tal farejar por aqui?"
      data={data}
    />
  );
}
