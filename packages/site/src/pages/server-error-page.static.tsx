import type { PageProps } from '@ssg/cli/site';
import type { ErrorPageData } from '../lib/page-data.ts';
import { ErrorPage } from './error-page.tsx';

export default function ServerErrorPage({ data }: PageProps<ErrorPageData>) {
  return (
    <ErrorPage
      code="500"
      title="Algo deu errado por aqui"
      text="Tivemos um problema ao carregar esta página. Tente novamente em alguns instantes; se for urgente, ligue para o nosso plantão."
      data={data}
    />
  );
}
