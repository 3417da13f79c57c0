#!/usr/bin/env bash
# The playground's part of CI (.ci/run calls it): the engine crate's lints
# and tests, the WebAssembly build, every example run in it, and the browser test in headless
# Chromium. Installs what is missing: Debian's chromium (as root), the
# page's npm packages; web/build.sh installs its compiler the same way.
set -euo pipefail
cd "$(dirname "$0")"

(cd engine && cargo fmt --check && cargo clippy --locked --all-targets -- -D warnings && cargo test --locked --release -q)

if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "web/ci.sh: installing Debian's chromium" >&2
        apt-get install -y -q chromium >/dev/null || {
            apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null
        }
    else
        echo "web/ci.sh: the browser test needs Chromium: install Debian's chromium, or set CHROMIUM to a Chromium binary" >&2
        exit 1
    fi
fi

npm ci --no-audit --no-fund --loglevel=error
bash build.sh
node test/examples.mjs
node test/browser.mjs
