import data from 'virtual:api-doc/page/help';
import { ProseView } from '../components/ProseView.tsx';

export default function HelpPage() {
  return <ProseView slug="help" data={data} />;
}
