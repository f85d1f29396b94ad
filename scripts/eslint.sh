#!/usr/bin/env bash
# ESLint over the repository's JavaScript (the phone app, pwa/), as eslint.config.mjs configures
# it; `make lint` runs it after ruff and mypy, so `make test` does too.
#
# ESLint comes from the npm registry at pinned versions, like Lighthouse in bench/pwa.py: installed
# on first use (`npm install --no-save` into node_modules/, gitignored; no package.json, no build
# step for the app) and reused after; a different pin installs again. Needs Node.js 18.18 or newer
# and npm (Debian: `apt-get install nodejs npm`). Without the registry the first run fails and
# says so; later runs need no network.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PREFIX=$REPO
# eslint.config.mjs imports @eslint/js and globals: the same versions everywhere
PINS=(eslint@9.39.5 @eslint/js@9.39.5 globals@16.5.0)

fail() { echo "scripts/eslint.sh: $*" >&2; exit 1; }

command -v node >/dev/null 2>&1 || fail "node is missing: ESLint needs Node.js 18.18 or newer (Debian: apt-get install nodejs npm)"
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 18 || (a === 18 && b >= 18) ? 0 : 1)' \
    || fail "Node.js $(node --version) is too old: ESLint 9 needs 18.18 or newer"

# the installed versions, in the pins' order ("eslint@9.39.5 @eslint/js@9.39.5 globals@16.5.0")
installed() {
    local name version out=()
    for pin in "${PINS[@]}"; do
        name=${pin%@*}
        version=$(node -p "require('$PREFIX/node_modules/$name/package.json').version" 2>/dev/null) || return 0
        out+=("$name@$version")
    done
    echo "${out[*]}"
}

if [ "$(installed)" != "${PINS[*]}" ]; then
    command -v npm >/dev/null 2>&1 || fail "npm is missing: ESLint is installed with npm (Debian: apt-get install npm)"
    echo "scripts/eslint.sh: installing ${PINS[*]} into $PREFIX/node_modules ..." >&2
    npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
        --prefer-offline --fetch-retries=1 --fetch-timeout=30000 --prefix "$PREFIX" "${PINS[@]}" >&2 \
        || fail "could not install ${PINS[*]} from the npm registry (no network?); make lint needs it once, then reuses it"
    [ "$(installed)" = "${PINS[*]}" ] || fail "installed, but $PREFIX/node_modules does not hold ${PINS[*]}"
fi

cd "$REPO"
exec node "$PREFIX/node_modules/eslint/bin/eslint.js" --max-warnings 0 "$@" .
