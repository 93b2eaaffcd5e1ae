import data from 'virtual:api-doc/page/browser';
import { CallsView } from '../components/CallsView.tsx';

export default function BrowserPage() {
  return <CallsView slug="browser" data={data} />;
}
