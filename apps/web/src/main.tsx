import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import './styles/theme.scss';
import { App, createQueryClient } from './app/app';
import { startEarly } from './app/early-start';
import { startLanguageSync } from './app/language-sync';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const queryClient = createQueryClient();
// The page's chunk (and a signed-in page's session and frame) load while the texts do: the
// router asks for them only after them.
startEarly(window.location.pathname, queryClient);
// The texts of the visitor's language are loaded before the first render (no English flash).
await startLanguageSync();
createRoot(container, {
  // Errors caught by an error boundary are already shown as the error page.
  onCaughtError: (error) => console.warn('Shown on the error page:', error),
}).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
