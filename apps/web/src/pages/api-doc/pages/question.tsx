import data from 'virtual:api-doc/page/question';
import { ProseView } from '../components/ProseView.tsx';

export default function QuestionPage() {
  return <ProseView slug="question" data={data} />;
}
