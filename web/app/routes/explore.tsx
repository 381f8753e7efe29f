import { pageHref } from '@contract/pages';
import { pageMeta } from '@contract/seo';
import { PageMeta } from '@/components/page-meta';
import { ExploreScreen } from '@/features/explore/components/explore-screen';

export default function ExplorePage() {
  return (
    <>
      <PageMeta meta={{ ...pageMeta.explore, path: pageHref('explore') }} />
      <ExploreScreen />
    </>
  );
}
