import data from 'virtual:api-doc/page/login';
import { CallsView } from '../components/CallsView.tsx';

export default function LoginPage() {
  return <CallsView slug="login" data={data} />;
}
