import { Outlet } from 'react-router';
import { QueryScope } from '../../shared/QueryScope.tsx';
import { AntdShell } from './AntdShell.tsx';

/**
 * The one Ant Design shell around every signed-in screen, mounted as a layout route: moving from
 * one of these screens to another keeps it, so a toast shown before a navigation stays visible.
 * These screens read from the cloud: the app's query cache comes with them.
 */
export default function AntdOutlet() {
  return (
    <QueryScope>
      <AntdShell>
        <Outlet />
      </AntdShell>
    </QueryScope>
  );
}
