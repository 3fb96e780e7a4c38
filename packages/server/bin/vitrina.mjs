#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader: no separate server build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
