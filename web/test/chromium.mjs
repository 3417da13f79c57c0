// Headless Chromium for the browser test and the benchmark: Debian's, at
// /usr/bin/chromium, or the one $CHROMIUM names. The flags keep it off the
// network (this machine has none, and Chromium's background connections
// would only fail) and let it run as root in a container.
import { chromium } from 'playwright-core';

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}
