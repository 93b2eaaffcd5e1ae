import data from 'virtual:api-doc/page/adspower';
import { ProseView } from '../components/ProseView.tsx';

export default function AdsPowerPage() {
  return <ProseView slug="adspower" data={data} />;
}
