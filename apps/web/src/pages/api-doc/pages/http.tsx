import data from 'virtual:api-doc/page/http';
import { ProseView } from '../components/ProseView.tsx';

export default function HttpPage() {
  return <ProseView slug="http" data={data} />;
}
