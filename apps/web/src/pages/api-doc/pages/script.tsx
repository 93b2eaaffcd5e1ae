import data from 'virtual:api-doc/page/script';
import { CallsView } from '../components/CallsView.tsx';

export default function ScriptPage() {
  return <CallsView slug="script" data={data} />;
}
