import { useParams } from 'wouter';
import { ShroPage } from '@/features/shros/components/session/shro-page';

/** /session/:id is public: visitors get the Join card, members the game. */
export default function SessionPage() {
  const { id } = useParams<{ id: string }>();
  // A new id is a new page: state such as a running reveal must not carry over.
  return <ShroPage key={id} id={id} />;
}
