import data from 'virtual:api-doc/page/postman-example';
import { ProseView } from '../components/ProseView.tsx';

export default function PostmanExamplePage() {
  return <ProseView slug="postman-example" data={data} />;
}
