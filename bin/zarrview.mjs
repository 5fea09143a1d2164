#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader (no build step).
import { register } from 'tsx/esm/api';

register();
process.env.ZARRVIEW_CLI = '1';
await import('../src/cli/main.ts');
