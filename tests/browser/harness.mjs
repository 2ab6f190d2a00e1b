// harness.mjs: what the browser tests share: counted checks, a timestamped log, the server
// on a free port with a temp database, and headless Chromium. SPDX-License-Identifier: MIT

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const ADMIN = 'browser-test-admin-token-0123456789';
export const ART = 'tests/artifacts';

// Check counts; a test prints `${results.passed} passed, ${results.failed} failed` at the end.
export const results = { passed: 0, failed: 0 };
const t0 = Date.now();

export function check(name, cond, detail) {
  if (cond) results.passed++;
  else {
    results.failed++;
    console.log(`FAIL ${name}${detail !== undefined ? ': ' + JSON.stringify(detail) : ''}`);
  }
}

export function log(s) {
  console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);
}

// bughouse-server BIN with --no-tls on 127.0.0.1 (port 0: the kernel picks one), its database
// and log in the directory tmp, and any further flags in extra. Resolves to { srv, port } once
// the server says it listens.
export async function startServer(bin, tmp, port = 0, extra = []) {
  const logPath = path.join(tmp, 'server.log');
  const out = fs.openSync(logPath, 'w');
  const srv = spawn(bin, ['--no-tls', '--port', String(port), '--db', path.join(tmp, 'test.db'), '--admin-token', ADMIN, '--web', 'clients/web', ...extra], { stdio: ['ignore', out, out] });
  for (let i = 0; i < 100; i++) {
    const m = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(fs.readFileSync(logPath, 'utf8'));
    if (m) return { srv, port: Number(m[1]) };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the server did not report its port: ' + fs.readFileSync(logPath, 'utf8'));
}

// SIGTERM a child process and wait for it; a no-op for one that is gone.
export async function stop(p) {
  if (!p || p.exitCode !== null) return;
  p.kill('SIGTERM');
  await new Promise((r) => p.once('exit', r));
}

// Debian's Chromium, headless; the flags keep it off the (closed) network.
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// The director dashboard of the server at base in page, connected with the admin token.
export async function openDashboard(page, base) {
  await page.goto(base + '/director.html');
  await page.fill('#admin-token', ADMIN);
  await page.click('#connect');
  await page.waitForFunction(() => document.querySelector('#auth-state').textContent === 'director');
}

// Run a test's main(): an exception counts as a failure; the counts are printed last and set
// the exit code.
export function run(main) {
  main()
    .catch((e) => {
      results.failed++;
      console.log('FAIL', e && e.stack ? e.stack : e);
    })
    .finally(() => {
      log('done');
      console.log(`${results.passed} passed, ${results.failed} failed`);
      process.exitCode = results.failed ? 1 : 0;
    });
}
