import type { ReactNode } from 'react';
import { QueryScope } from '../../shared/QueryScope.tsx';
import { AntdShell } from './AntdShell.tsx';

/**
 * The one Ant Design shell around every signed-in screen, around the routes of those screens:
 * moving from one of them to another keeps it, so a toast shown before a navigation stays visible.
 * These screens read from the cloud: the app's query cache comes with them.
 */
export default function AntdOutlet({ children }: { children: ReactNode }) {
  return (
    <QueryScope>
      <AntdShell>{children}</AntdShell>
    </QueryScope>
  );
}
