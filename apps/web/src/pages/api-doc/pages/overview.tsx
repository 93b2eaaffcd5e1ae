import data from 'virtual:api-doc/page/overview';
import { ProseView } from '../components/ProseView.tsx';

export default function OverviewPage() {
  return <ProseView slug="overview" data={data} />;
}
