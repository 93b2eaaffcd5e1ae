import data from 'virtual:api-doc/page/example';
import { ProseView } from '../components/ProseView.tsx';

export default function ExamplePage() {
  return <ProseView slug="example" data={data} />;
}
