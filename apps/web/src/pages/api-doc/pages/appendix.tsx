import data from 'virtual:api-doc/page/appendix';
import { AppendixView } from '../components/ListsView.tsx';

export default function AppendixPage() {
  return <AppendixView data={data} />;
}
