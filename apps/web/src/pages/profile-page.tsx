import { PagePlaceholder } from './page-placeholder';
import { PreferencesPanel } from '../components/preferences-panel';

export default function ProfilePage() {
  return (
    <>
      <PagePlaceholder title="Profile" description="Account, subscription and password." />
      <PreferencesPanel />
    </>
  );
}
