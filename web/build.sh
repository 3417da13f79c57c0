#!/usr/bin/env bash
# Builds the playground into web/dist/: the engine compiled to WebAssembly
# (web/engine), the page (web/src), the editor and the graph layout from
# npm, the `.game` highlighting of editors/, and the bundled examples.
#
#   bash web/build.sh            # then serve web/dist/ with any static server
#
# The engine needs a Rust compiler that targets wasm32-unknown-unknown:
#  1. rustup's, where `rustup target add wasm32-unknown-unknown` can install
#     the target's standard library;
#  2. otherwise Debian's rustc-web, cargo-web, rust-web-src and lld-19: the
#     standard library is compiled from its source (-Zbuild-std, allowed on a
#     stable compiler by RUSTC_BOOTSTRAP=1) and linked by wasm-ld-19. The
#     packages are installed when missing and this runs as root.
# GRUNDY_WEB_ROUTE=rustup or =debian forces one way.
set -euo pipefail
cd "$(dirname "$0")"
WEB=$(pwd)
TARGET=wasm32-unknown-unknown
OUT=$WEB/engine/target/$TARGET/release/grundy_web.wasm
# The stack placed first in memory, so the engine reads what is left of it
# from the address of a local (src/budget.rs, remaining_stack), and a little
# larger than the 1 MiB the engine lets itself use there.
export RUSTFLAGS="-C link-arg=--stack-first -C link-arg=-zstack-size=2097152"

say() { printf 'web/build.sh: %s\n' "$*" >&2; }

rustup_route() {
    command -v rustup >/dev/null || return 1
    if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
        timeout 120 rustup target add "$TARGET" >/dev/null 2>&1 || return 1
    fi
    say "building the engine with rustup's toolchain"
    (cd "$WEB/engine" && cargo build --release --locked --target "$TARGET")
}

debian_route() {
    local need=()
    [ -x /usr/bin/rustc ] && /usr/bin/rustc --version | grep -q . || need+=(rustc-web)
    [ -x /usr/bin/cargo ] || need+=(cargo-web)
    [ -d /usr/lib/rustlib/src/rust/library ] || need+=(rust-web-src)
    command -v wasm-ld-19 >/dev/null || need+=(lld-19)
    if [ ${#need[@]} -gt 0 ]; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            say "installing ${need[*]}"
            apt-get install -y -q "${need[@]}" >/dev/null || {
                apt-get update -q >/dev/null && apt-get install -y -q "${need[@]}" >/dev/null
            }
        else
            say "no WebAssembly toolchain: install Debian's ${need[*]} (as root), or a rustup that can add $TARGET"
            return 1
        fi
    fi
    say "building the engine with Debian's $(/usr/bin/rustc --version) and the standard library from source"
    (cd "$WEB/engine" &&
        RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
            __CARGO_TESTS_ONLY_SRC_ROOT=/usr/lib/rustlib/src/rust/library \
            /usr/bin/cargo build --release --locked --target "$TARGET" \
            -Zbuild-std=std,panic_abort \
            --config "target.$TARGET.linker=\"wasm-ld-19\"")
}

case "${GRUNDY_WEB_ROUTE:-}" in
rustup) rustup_route ;;
debian) debian_route ;;
*) rustup_route || debian_route ;;
esac

if [ ! -d "$WEB/node_modules/codemirror" ] || [ ! -d "$WEB/node_modules/@viz-js/viz" ]; then
    say "installing the page's packages from npm"
    (cd "$WEB" && npm ci --no-audit --no-fund --loglevel=error)
fi

say "assembling web/dist"
rm -rf "$WEB/dist"
mkdir -p "$WEB/dist/vendor"
cp "$WEB"/src/*.html "$WEB"/src/*.js "$WEB"/src/*.css "$WEB/dist/"
cp "$OUT" "$WEB/dist/grundy.wasm"
cp "$WEB/../editors/vscode/syntaxes/game.tmLanguage.json" "$WEB/dist/"
cp "$WEB/node_modules/codemirror/lib/codemirror.js" "$WEB/node_modules/codemirror/lib/codemirror.css" "$WEB/dist/vendor/"
cp "$WEB/node_modules/codemirror/LICENSE" "$WEB/dist/vendor/codemirror.LICENSE"
cp "$WEB/node_modules/@viz-js/viz/dist/viz.js" "$WEB/dist/vendor/"
cp "$WEB/node_modules/@viz-js/viz/LICENSE" "$WEB/dist/vendor/viz.LICENSE" 2>/dev/null || true
node "$WEB/tools/examples.mjs" "$WEB/../examples" >"$WEB/dist/examples.json"

size=$(wc -c <"$WEB/dist/grundy.wasm")
gz=$(gzip -9 -c "$WEB/dist/grundy.wasm" | wc -c)
say "done: web/dist ($((size / 1024)) KiB of WebAssembly, $((gz / 1024)) KiB gzipped)"
