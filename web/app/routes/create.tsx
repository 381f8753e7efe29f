import { pageMeta } from '@contract/seo';
import { PageMeta } from '@/components/page-meta';
import { CreateShro } from '@/features/shros/components/create/create-shro';

export default function CreatePage() {
  return (
    <>
      <PageMeta meta={pageMeta.create} />
      <CreateShro />
    </>
  );
}
