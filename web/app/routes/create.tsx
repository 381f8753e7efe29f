import { pageHref } from '@contract/pages';
import { pageMeta } from '@contract/seo';
import { PageMeta } from '@/components/page-meta';
import { useAuth } from '@/features/auth/api/get-user';
import { CreateShro } from '@/features/shros/components/create/create-shro';

export default function CreatePage() {
  // The route is protected, so a user is here; drafts are kept per user.
  const { user } = useAuth();
  return (
    <>
      <PageMeta meta={{ ...pageMeta.create, path: pageHref('create') }} />
      {user && <CreateShro userId={user.id} />}
    </>
  );
}
