import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { BrowseMount } from './browse/mount';
import { probeGpu } from './plot/gl/gl-image';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
      <BrowseMount />
    </StrictMode>,
  );
}

// The GPU colouring path is timed while the page waits for its first dataset (plot/gl/colour-path.ts).
probeGpu();
