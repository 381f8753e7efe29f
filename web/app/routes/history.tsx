import { PRODUCT_NAME } from '@contract/product';
import { useLingui } from '@lingui/react/macro';
import { ShroHistory } from '@/features/shros/components/history/shro-history';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function HistoryPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Your ${PRODUCT_NAME} History - ${PRODUCT_NAME}`);
  return <ShroHistory />;
}
