import data from 'virtual:api-doc/page/members';
import { CallsView } from '../components/CallsView.tsx';

export default function MembersPage() {
  return <CallsView slug="members" data={data} />;
}
