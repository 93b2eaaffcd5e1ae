import data from 'virtual:api-doc/page/plugin';
import { CallsView } from '../components/CallsView.tsx';

export default function PluginPage() {
  return <CallsView slug="plugin" data={data} />;
}
