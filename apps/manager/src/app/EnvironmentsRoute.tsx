/**
 * The environments page with the dialogs of other features it opens: the app composes features,
 * so that no feature imports another.
 */
import EnvironmentsPage from '../features/environments/EnvironmentsPage.tsx';
import { EnvironmentDialogs } from './EnvironmentDialogs.tsx';

export default function EnvironmentsRoute() {
  return <EnvironmentsPage Dialogs={EnvironmentDialogs} />;
}
