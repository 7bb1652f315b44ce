import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@sanam/web-fonts/kanit.css'
import './app/styles/global.css'
import { App } from './app/app.tsx'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
