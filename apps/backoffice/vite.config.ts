import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Served by the API server under /backoffice/ (same origin as /api, so no CORS).
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  build: { outDir: 'dist' },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
})
