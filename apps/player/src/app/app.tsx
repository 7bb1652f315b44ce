import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './providers.tsx'
import { router } from './router.tsx'
import { UpdatePrompt } from './update/update-prompt.tsx'

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProviders>
  )
}
