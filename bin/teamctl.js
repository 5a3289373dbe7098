#!/usr/bin/env node
// Thin launcher: everything lives in the compiled dist/ so start-up loads one small module first.
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2));
