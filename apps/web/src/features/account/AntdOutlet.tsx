import { Outlet } from 'react-router';
import { AntdShell } from './AntdShell.tsx';

/**
 * The one Ant Design shell around every signed-in screen, mounted as a layout route: moving from
 * one of these screens to another keeps it, so a toast shown before a navigation stays visible.
 */
export default function AntdOutlet() {
  return (
    <AntdShell>
      <Outlet />
    </AntdShell>
  );
}
