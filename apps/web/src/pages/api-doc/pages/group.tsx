import data from 'virtual:api-doc/page/group';
import { CallsView } from '../components/CallsView.tsx';

export default function GroupPage() {
  return <CallsView slug="group" data={data} />;
}
