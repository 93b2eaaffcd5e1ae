import data from 'virtual:api-doc/page/mcp';
import { ProseView } from '../components/ProseView.tsx';

export default function McpPage() {
  return <ProseView slug="mcp" data={data} />;
}
