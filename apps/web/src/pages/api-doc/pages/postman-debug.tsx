import data from 'virtual:api-doc/page/postman-debug';
import { ProseView } from '../components/ProseView.tsx';

export default function PostmanDebugPage() {
  return <ProseView slug="postman-debug" data={data} />;
}
