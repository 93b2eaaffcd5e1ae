/**
 * The create/edit drawer as the table uses it. The form itself (with the appendix lists of time
 * zones, languages and countries) loads the first time the drawer opens, not with the app.
 */
import { lazy, Suspense, useState } from 'react';
import type { EnvironmentFormDrawerProps } from './FormDrawer.tsx';

const FormDrawer = lazy(() => import('./FormDrawer.tsx'));

export function EnvironmentFormDrawer(props: EnvironmentFormDrawerProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FormDrawer {...props} />
    </Suspense>
  );
}
