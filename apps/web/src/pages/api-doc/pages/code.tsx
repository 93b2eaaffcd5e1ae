import data from 'virtual:api-doc/page/code';
import { CodesView } from '../components/ListsView.tsx';

export default function CodePage() {
  return <CodesView data={data} />;
}
