#!/usr/bin/env node
// The installed command: the bundled CLI (npm run build makes it with scripts/bundle.js).
import '../dist/distill.mjs';
