import data from 'virtual:api-doc/page/session';
import { CallsView } from '../components/CallsView.tsx';

export default function SessionPage() {
  return <CallsView slug="session" data={data} />;
}
