import data from 'virtual:api-doc/page/postman';
import { ProseView } from '../components/ProseView.tsx';

export default function PostmanPage() {
  return <ProseView slug="postman" data={data} />;
}
