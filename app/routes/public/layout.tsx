import { Outlet } from 'react-router'
import { PublicShell } from '~/components/site/public-shell.tsx'

/** Every public page: navigation, footer, chat launcher and page-view beacon around the page. */
export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  )
}
