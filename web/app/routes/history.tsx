import { PRODUCT_NAME } from '@contract/product';
import { ShroHistory } from '@/features/shros/components/history/shro-history';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function HistoryPage() {
  useDocumentTitle(`Your ${PRODUCT_NAME} History - ${PRODUCT_NAME}`);
  return <ShroHistory />;
}
